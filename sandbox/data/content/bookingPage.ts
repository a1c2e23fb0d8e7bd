import type { ContentPage } from '../../../contracts/upstream/content.js';
import type { PageProvider } from './pageShell.js';
import type { BookingPageContent } from '../../../contracts/upstream/bookingContent.js';
import { AUTHORISED_BRANDS } from '../authorisedBrands.js';
import { slugify } from '../random.js';

/**
 * The service booking page ('MechMate', part 2 §2.1) of a market with the booking feature: the page
 * the navigation's 'Boka service' points at becomes a `booking` page, carrying the intro's brand
 * links and logos and where the damage inspection is booked (the market's damage workshop page; none where the
 * market has no such page). The BFF maps it to the booking island.
 */

/** The four brands the intro links to their own booking sites. */
const LINKED_BRANDS: Record<string, string> = {
  BMW: 'https://www.bmw.se/sv/topics/offers-and-services/service-workshop/book-a-service.html',
  MINI: 'https://www.mini.se/sv_SE/home/services/service-booking.html',
  Porsche: 'https://www.porsche.com/sweden/sv/accessoriesandservice/porscheservice/',
  IVECO: 'https://www.iveco.com/sweden/service',
};

const logoOf = (brand: string) => ({ src: `/media/brands/${slugify(brand)}.svg`, alt: brand });

/** The booking page's content; the damage inspection is booked where the market's site has its damage page. */
export function bookingPageContent(damagePagePath: string | null): BookingPageContent {
  return {
    brandLinks: Object.entries(LINKED_BRANDS).map(([brand, url]) => ({ brand, url, logo: logoOf(brand) })),
    brandLogos: AUTHORISED_BRANDS.filter((brand) => !(brand in LINKED_BRANDS)).map((name) => ({
      name,
      logo: logoOf(name),
    })),
    damageInspectionUrl: damagePagePath,
  };
}

/** The booking page in place of the content page at the same path (same id, breadcrumbs and alternates). */
export function asBookingPage(page: ContentPage, content: BookingPageContent): ContentPage {
  return { ...page, pageType: 'booking', booking: content, blocks: [] };
}

/** The market's navigation page 'Boka service' becomes the booking page where the market has booking. */
export const bookingPages: PageProvider = (input, built) => {
  const path = input.tree.pathByKey.get('bookService');
  const source = path === undefined ? undefined : built.get(path);
  const content = bookingPageContent(input.tree.pathByKey.get('damage') ?? null);
  return input.market.features.booking && source ? [asBookingPage(source, content)] : [];
};
