import { z } from 'zod';
import { LanguageSchema } from '../../markets/schema.js';
import { BookingPageContentSchema } from './bookingContent.js';
import { SearchFilterSchema, SearchSortNameSchema } from './search.js';

/**
 * Contract of the content delivery service, shared by our client and the sandbox.
 *
 * The real service is GraphQL and the specification does not show its payloads, so this is our own small JSON
 * API over the same data (one GET per query). `<site>` is the market's `contentSite`; `lang` defaults to the
 * site's first language. Errors answer `{ message }`: 400 for bad parameters, 404 for an unknown site or path,
 * 401 for a wrong preview token.
 *
 *   GET /content/<site>/languages                          → LanguagesResponse
 *   GET /content/<site>/navigation?lang=                   → NavigationResponse
 *   GET /content/<site>/stories?lang&tag&offset&limit      → StoriesResponse (limit default 4; the teaser asks 3)
 *   GET /content/<site>/page?lang&path=/nyheter/x          → PageResponse (path without the language prefix)
 *   GET /content/<site>/alert?lang=                        → AlertResponse
 *   GET /content/<site>/brands                             → BrandsResponse (footer logos)
 *   GET /content/<site>/sitemap?lang=                      → SitemapResponse (every published page, for sitemap.xml; ignores preview)
 *
 * Preview: header `x-preview-token: <token>` or query `preview=<token>` also returns unpublished pages,
 * navigation items, stories and blocks (each marked `published: false`). The sandbox's token is
 * `sandbox-preview` (CONTENT_SANDBOX_PREVIEW_TOKEN).
 */

export const CONTENT_PREVIEW_HEADER = 'x-preview-token';
export const CONTENT_PREVIEW_QUERY = 'preview';
/** Our own query parameter (never sent on): leaves editing mode, dropping the preview cookie. */
export const END_PREVIEW_QUERY = 'endPreview';
export const CONTENT_SANDBOX_PREVIEW_TOKEN = 'sandbox-preview';

/** `GET /{site}/page?path=`: a path the service can hold (longer or with spaces it answers 400). */
export const ContentPagePath = z
  .string()
  .regex(/^\/[^\s]*$/, 'an absolute path')
  .max(500);
export const STORIES_PAGE_SIZE = 4;
export const STORIES_TEASER_SIZE = 3;
export const STORIES_MAX_LIMIT = 24;

export const ContentImageSchema = z.object({
  src: z.string(),
  alt: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export const ContentLinkSchema = z.object({ text: z.string(), url: z.string(), external: z.boolean() });
export type ContentImage = z.infer<typeof ContentImageSchema>;
export type ContentLink = z.infer<typeof ContentLinkSchema>;

// ---- Languages, navigation, alert, brands ----------------------------------------------------------------

export const LanguagesResponseSchema = z.object({
  languages: z.array(
    z.object({
      code: LanguageSchema,
      /** The language's own name: 'Suomi', 'Svenska'. */
      name: z.string(),
      isDefault: z.boolean(),
    }),
  ),
});

export interface NavigationItem {
  id: string;
  name: string;
  url: { path: string };
  /** Shorter label for the menu when set; otherwise name. */
  navigationTitle: string | null;
  hideInNavigation: boolean;
  /** An absolute URL when the item leaves the site (open with rel="noopener noreferrer"). */
  externalLink: string | null;
  published: boolean;
  children: NavigationItem[];
}
export const NavigationItemSchema: z.ZodType<NavigationItem> = z.object({
  id: z.string(),
  name: z.string(),
  url: z.object({ path: z.string() }),
  navigationTitle: z.string().nullable(),
  hideInNavigation: z.boolean(),
  externalLink: z.string().nullable(),
  published: z.boolean(),
  get children() {
    return z.array(NavigationItemSchema);
  },
});
/** Top-level items; children go three levels deep in all. */
export const NavigationResponseSchema = z.object({ items: z.array(NavigationItemSchema) });

export const AlertSchema = z.object({
  id: z.string(),
  type: z.enum(['Warning', 'Dark', 'Light', 'Neutral']),
  text: z.string(),
  link: ContentLinkSchema.nullable(),
});
export const AlertResponseSchema = z.object({ alert: AlertSchema.nullable() });

export const BrandsResponseSchema = z.object({
  brands: z.array(z.object({ name: z.string(), logo: ContentImageSchema })),
});

// ---- Stories ---------------------------------------------------------------------------------------------

export const StorySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sic: the spec's field name for the lead text. */
  premble: z.string(),
  image: ContentImageSchema,
  url: z.object({ path: z.string() }),
  date: z.object({ value: z.string(), formattedDateValue: z.string() }),
  tags: z.array(z.string()),
  displayName: z.string(),
  published: z.boolean(),
});
export type Story = z.infer<typeof StorySchema>;

/** Newest first; `tags` are every tag of the site's stories in this language, for the chips. */
export const StoriesResponseSchema = z.object({
  items: z.array(StorySchema),
  total: z.number().int().min(0),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  tags: z.array(z.string()),
});

// ---- Blocks ----------------------------------------------------------------------------------------------

const base = { id: z.string(), published: z.boolean() };
const maybeTitle = z.string().nullable();

export const HeroBlockSchema = z.object({
  ...base,
  type: z.literal('hero'),
  title: z.string(),
  text: z.string().nullable(),
  image: ContentImageSchema,
  /** full = 100svh, medium = 64svh, default = 312–534 px. */
  height: z.enum(['full', 'medium', 'default']),
  /** The start-page search bar (never shown on a full-height hero). */
  showSearch: z.boolean(),
  searchPlaceholder: z.string().nullable(),
  link: ContentLinkSchema.nullable(),
});
export const CarouselBlockSchema = z.object({
  ...base,
  type: z.literal('carousel'),
  autoplaySeconds: z.number().positive().default(5),
  slides: z
    .array(
      z.object({
        title: z.string(),
        text: z.string().nullable(),
        image: ContentImageSchema,
        link: ContentLinkSchema.nullable(),
      }),
    )
    .min(1),
});
export const BlurbBlockSchema = z.object({
  ...base,
  type: z.literal('blurb'),
  title: z.string(),
  text: z.string(),
  image: ContentImageSchema.nullable(),
  imagePosition: z.enum(['left', 'right']),
  link: ContentLinkSchema.nullable(),
});
export const CardsBlockSchema = z.object({
  ...base,
  type: z.literal('cards'),
  title: maybeTitle,
  cards: z.array(
    z.object({
      title: z.string(),
      text: z.string(),
      image: ContentImageSchema.nullable(),
      link: ContentLinkSchema.nullable(),
    }),
  ),
});
export const AccordionBlockSchema = z.object({
  ...base,
  type: z.literal('accordion'),
  title: maybeTitle,
  /** When true, also published as FAQPage structured data. */
  faq: z.boolean(),
  items: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export const CountdownBlockSchema = z.object({
  ...base,
  type: z.literal('countdown'),
  title: z.string(),
  text: z.string().nullable(),
  /** ISO date-time the countdown reaches zero. */
  targetDate: z.string(),
  link: ContentLinkSchema.nullable(),
});
export const FileDownloadsBlockSchema = z.object({
  ...base,
  type: z.literal('fileDownloads'),
  title: maybeTitle,
  files: z.array(z.object({ name: z.string(), url: z.string(), fileType: z.string(), sizeBytes: z.number().int() })),
});
export const ShareBlockSchema = z.object({
  ...base,
  type: z.literal('share'),
  title: maybeTitle,
  targets: z.array(z.enum(['linkedin', 'facebook', 'whatsapp', 'x', 'copy', 'native'])),
});
export const VideoEmbedBlockSchema = z.object({
  ...base,
  type: z.literal('videoEmbed'),
  title: maybeTitle,
  provider: z.enum(['youtube', 'vimeo']),
  videoId: z.string(),
  thumbnail: ContentImageSchema,
});
export const SpacerBlockSchema = z.object({
  ...base,
  type: z.literal('spacer'),
  size: z.enum(['small', 'medium', 'large']),
});
export const HighlightListBlockSchema = z.object({
  ...base,
  type: z.literal('highlightList'),
  title: maybeTitle,
  columns: z.union([z.literal(3), z.literal(4)]),
  items: z.array(z.object({ icon: z.string(), title: z.string(), text: z.string() })),
});
export const StageRowBlockSchema = z.object({
  ...base,
  type: z.literal('stageRow'),
  title: maybeTitle,
  items: z.array(
    z.object({ title: z.string(), text: z.string(), image: ContentImageSchema, link: ContentLinkSchema.nullable() }),
  ),
});
/** Site cards from the search service's `sites-<market>` index (part 2 §2.4; predefined query limit 4). */
export const SiteSelectionBlockSchema = z.object({
  ...base,
  type: z.literal('siteSelection'),
  title: z.string(),
  filters: z.array(SearchFilterSchema),
  limit: z.number().int().min(1).max(100),
  link: ContentLinkSchema.nullable(),
});
/** Fixed cars, shown in the given order in 1 to 4 columns. */
export const CarTeaserIdsBlockSchema = z.object({
  ...base,
  type: z.literal('carTeaserIds'),
  title: maybeTitle,
  carIds: z.array(z.string()).min(1).max(100),
});
/** Cars from a predefined query (NumberOfCars, default 8), shown as a horizontal scroll of 315 px cards. */
export const CarTeaserQueryBlockSchema = z.object({
  ...base,
  type: z.literal('carTeaserQuery'),
  title: maybeTitle,
  keyphrase: z.string().nullable(),
  filters: z.array(SearchFilterSchema),
  sortName: SearchSortNameSchema.nullable(),
  numberOfCars: z.number().int().min(1).max(100).default(8),
  link: ContentLinkSchema.nullable(),
});
export const MegaMenuBlockSchema = z.object({
  ...base,
  type: z.literal('megaMenu'),
  columns: z.array(z.object({ title: z.string(), links: z.array(ContentLinkSchema) })),
  promo: z.object({ title: z.string(), image: ContentImageSchema, link: ContentLinkSchema }).nullable(),
});
/** A stories list: page size 4 (teaser: 3 and no load-more), optionally limited to one tag. */
export const StoriesBlockSchema = z.object({
  ...base,
  type: z.literal('stories'),
  title: maybeTitle,
  tag: z.string().nullable(),
  teaser: z.boolean(),
  highlightFirst: z.boolean(),
});

// Lead forms (issue 14): the form's own texts come from the market's translations, the block gives the heading.
/** The sell-car / trade-in lead form (part 2 §2.2), sent as `{siteName}SellCarForm`. */
export const SellCarFormBlockSchema = z.object({
  ...base,
  type: z.literal('sellCarForm'),
  title: z.string(),
  text: z.string().nullable(),
});
/** Its short variant (name, phone, e-mail and the choice), sent as `{siteName}SellCarShortForm`. */
export const SellCarShortFormBlockSchema = z.object({
  ...base,
  type: z.literal('sellCarShortForm'),
  title: z.string(),
  text: z.string().nullable(),
});
/**
 * The Norwegian workshop service request (part 2 §2.3). On a page of type 'mc' it is a motorcycle request:
 * the motorcycle types, and the one motorcycle dealer (`motorcycleDealerSiteId`, a site id of the market) instead of the dealer list.
 */
export const ServiceRequestFormBlockSchema = z.object({
  ...base,
  type: z.literal('serviceRequestForm'),
  title: z.string(),
  text: z.string().nullable(),
  motorcycleDealerSiteId: z.string().nullable(),
});

/**
 * The tire-hotel flow (part 2 §2.5): one island with its in-block pages. The flow's own texts are the market's
 * translations; the block carries what an editor chooses: the links and the footer's contact e-mail.
 */
export const TireHotelBlockSchema = z.object({
  ...base,
  type: z.literal('tireHotel'),
  title: z.string(),
  text: z.string().nullable(),
  /** Offered when no agreement is found for the registration number. */
  bookServiceLink: ContentLinkSchema,
  /** The Login page's contact link (the shown phone number is not the shopper's). */
  contactLink: ContentLinkSchema,
  /** The footer's contact e-mail prompt. */
  contactEmail: z.string(),
});

export const ContentBlockSchema = z.discriminatedUnion('type', [
  HeroBlockSchema,
  CarouselBlockSchema,
  BlurbBlockSchema,
  CardsBlockSchema,
  AccordionBlockSchema,
  CountdownBlockSchema,
  FileDownloadsBlockSchema,
  ShareBlockSchema,
  VideoEmbedBlockSchema,
  SpacerBlockSchema,
  HighlightListBlockSchema,
  StageRowBlockSchema,
  SiteSelectionBlockSchema,
  CarTeaserIdsBlockSchema,
  CarTeaserQueryBlockSchema,
  MegaMenuBlockSchema,
  StoriesBlockSchema,
  SellCarFormBlockSchema,
  SellCarShortFormBlockSchema,
  ServiceRequestFormBlockSchema,
  TireHotelBlockSchema,
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type ContentBlockType = ContentBlock['type'];
export const CONTENT_BLOCK_TYPES = ContentBlockSchema.options.map((o) => o.shape.type.value) as ContentBlockType[];

/**
 * A block as the wire carries it: a newer service may send types we do not know yet, which the renderer
 * skips. Parse the page with this, then each block with ContentBlockSchema.
 */
export const WireBlockSchema = z.looseObject({ id: z.string(), type: z.string() });

// ---- Pages -----------------------------------------------------------------------------------------------

export const PAGE_TYPES = [
  'home',
  'content',
  'storyList',
  'story',
  'siteList',
  'kits',
  'carList',
  'notFound',
  // A motorcycle workshop page: its service request form is a motorcycle request (part 2 §2.3).
  'mc',
  // The service booking page: one booking island (part 2 §2.1).
  'booking',
] as const;

export function pageSchemaOf<Block extends z.ZodType>(block: Block) {
  return z.object({
    id: z.string(),
    pageType: z.enum(PAGE_TYPES),
    path: z.string(),
    language: LanguageSchema,
    name: z.string(),
    title: z.string(),
    metaDescription: z.string(),
    image: ContentImageSchema.nullable(),
    /** The same page in the site's other languages, for the language switch and hreflang. */
    alternates: z.array(z.object({ language: LanguageSchema, path: z.string() })),
    /** Ancestors from the home page down, for breadcrumbs. */
    breadcrumbs: z.array(z.object({ name: z.string(), path: z.string() })),
    published: z.boolean(),
    updatedAt: z.string(),
    /** Set when pageType is 'story'. */
    story: StorySchema.nullable(),
    /** Set when pageType is 'booking' (contracts/upstream/bookingContent.ts). */
    booking: BookingPageContentSchema.nullable().optional(),
    blocks: z.array(block),
  });
}
export const PageSchema = pageSchemaOf(ContentBlockSchema);
export const WirePageSchema = pageSchemaOf(WireBlockSchema);
export type ContentPage = z.infer<typeof PageSchema>;
export const PageResponseSchema = z.object({ page: WirePageSchema });

/** One published page of the sitemap: its path (without language prefix), type, last change and other-language versions. */
export const SitemapPageSchema = z.object({
  path: z.string(),
  pageType: z.enum(PAGE_TYPES),
  updatedAt: z.string(),
  alternates: z.array(z.object({ language: LanguageSchema, path: z.string() })),
});
export const SitemapResponseSchema = z.object({ pages: z.array(SitemapPageSchema) });
export type SitemapPage = z.infer<typeof SitemapPageSchema>;

export const ContentErrorSchema = z.object({ message: z.string() });
