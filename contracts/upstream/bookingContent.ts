import { z } from 'zod';

/**
 * What the content service adds to a page of type 'booking' (part 2 §2.1): the intro's external
 * brand links (BMW, MINI, Porsche, IVECO), the collapsible list of the other authorised brands'
 * logos, and where the damage inspection is booked. The texts around them are the market's translations.
 */
const Logo = z.object({ src: z.string(), alt: z.string() });

export const BookingPageContentSchema = z.object({
  brandLinks: z.array(z.object({ brand: z.string(), url: z.string(), logo: Logo })),
  brandLogos: z.array(z.object({ name: z.string(), logo: Logo })),
  /** Where the damage inspection is booked: a page of the site, or another site; null where the market has none. */
  damageInspectionUrl: z.string().nullable(),
});
export type BookingPageContent = z.infer<typeof BookingPageContentSchema>;
