import { z } from 'zod';

export const MARKET_IDS = ['fi', 'no', 'se', 'se-used', 'sk', 'uk'] as const;
export const LANGUAGES = ['sv', 'fi', 'nb', 'sk', 'en'] as const;

export const MarketIdSchema = z.enum(MARKET_IDS);
export const LanguageSchema = z.enum(LANGUAGES);
export type MarketId = z.infer<typeof MarketIdSchema>;
export type Language = z.infer<typeof LanguageSchema>;

const hostname = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a lower-case hostname without port',
  );
const sitePath = z.string().regex(/^\/[a-z0-9\-/]*[a-z0-9]$/, 'an absolute path without trailing slash');

export const MarketSchema = z.object({
  id: MarketIdSchema,
  /** Brand name shown in titles and the header. */
  siteName: z.string().min(1),
  /** Production hostnames; the first is canonical. */
  hostnames: z.array(hostname).min(1),
  /** Exactly one development hostname, served by `npm start`. */
  devHostname: hostname.refine((h) => h.endsWith('.localhost'), 'must end with .localhost'),
  /** The first language is the default; others are served under a /{lang} prefix. */
  languages: z.array(LanguageSchema).min(1),
  currency: z.enum(['EUR', 'NOK', 'SEK', 'GBP']),
  /** BCP 47 locale per language, used for numbers and currency. */
  locales: z.partialRecord(LanguageSchema, z.string().min(2)),
  dateFormat: z.enum(['YYYY-MM-DD', 'D.M.YYYY', 'D. M. YYYY', 'DD.MM.YYYY', 'DD/MM/YYYY']),
  /** How odometers and ranges are written: km, Swedish mil (10 km) or miles (the UK). Data is in km. */
  distanceUnit: z.enum(['km', 'mil', 'mi']),
  paths: z.object({
    carList: sitePath,
    carDetailBase: sitePath,
    siteDetail: sitePath,
    stories: sitePath,
    kits: sitePath,
    heroSearch: sitePath,
    /** The shopper's saved cars (kept in their browser): a page of the BFF's own, never in the sitemap. */
    savedCars: sitePath,
  }),
  /**
   * Filters the car list applies while its URL does not set that field itself: the UK's list lives at
   * /buy-car/used-cars, so it shows used cars unless a link asks for new ones (`car_condition=New`).
   * Values are the search index's words.
   */
  carListDefaults: z.array(z.object({ field: z.literal('car_condition'), values: z.array(z.string().min(1)).min(1) })),
  /** Index names of this market's documents in the search service. */
  searchIndexes: z.object({ cars: z.string().min(1), sites: z.string().min(1), kits: z.string().min(1) }),
  /** This market's site key in the content delivery service. */
  contentSite: z.string().min(1),
  /**
   * Where a shopper reaches the market's customer service: the texts that send them there (a booking
   * that found no workshop, services that failed to load) fill these in, never a translation's own.
   */
  customerService: z.object({
    email: z.email(),
    phone: z.string().regex(/^\+?[\d ()-]{6,20}$/, 'a phone number as written'),
  }),
  /**
   * Where a car card's monthly price and the monthly budget filter come from: the car's private loan offer
   * (`loanOffer`, as the car page shows it), the finance service's representative quote (`financeQuote`, the UK,
   * shown with its representative example), or nowhere (`none`: cards show the cash price alone).
   */
  monthlyPrice: z.enum(['loanOffer', 'financeQuote', 'none']),
  features: z.object({
    booking: z.boolean(),
    tireHotel: z.boolean(),
    serviceRequestForm: z.boolean(),
    finance: z.boolean(),
    media360: z.boolean(),
  }),
});

export type Market = z.infer<typeof MarketSchema>;
