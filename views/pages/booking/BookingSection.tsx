import { mediaUrl } from '../../../client/shared/media/mediaUrl.js';
import { BookingApp } from '../../../client/islands/booking/BookingApp.js';
import type { BookingProps } from '../../../client/islands/booking/bookingProps.js';
import type { BookingTextKey, BookingTexts } from '../../../client/islands/booking/bookingTexts.js';
import type { BookingPageContent } from '../../../contracts/upstream/bookingContent.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import { sv } from '../../../markets/translations/sv.js';
import { Island } from '../../Island.js';
import { localisedMapTiles } from '../../mapTiles.js';
import { usePage } from '../../PageContext.js';

const BOOKING_KEYS = Object.keys(sv).filter((key): key is BookingTextKey => key.startsWith('booking.'));

/** Every `booking.*` text in the page's language: the island gets its texts as props. */
export function bookingTexts(t: Translate): BookingTexts {
  return Object.fromEntries(BOOKING_KEYS.map((key) => [key, t(key)])) as BookingTexts;
}

/** Logos through the site's own /media relay, as every other picture (the content service may answer absolute URLs). */
function relayedLogos(content: BookingPageContent | null): BookingPageContent | null {
  if (!content) return null;
  return {
    ...content,
    brandLinks: content.brandLinks.map((link) => ({ ...link, logo: { ...link.logo, src: mediaUrl(link.logo.src) } })),
    brandLogos: content.brandLogos.map((brand) => ({
      ...brand,
      logo: { ...brand.logo, src: mediaUrl(brand.logo.src) },
    })),
  };
}

/** The booking island; its server HTML is the intro and step 1, so the page reads right before hydration. */
export function BookingSection({
  content,
  prefill,
  map,
}: {
  content: BookingPageContent | null;
  prefill: BookingProps['prefill'];
  map: BookingProps['map'];
}) {
  const { t, market, language } = usePage();
  return (
    <Island
      name="booking"
      component={BookingApp}
      props={
        {
          texts: bookingTexts(t),
          locale: market.locales[language] ?? language,
          content: relayedLogos(content),
          prefill,
          map: localisedMapTiles(map, t),
          customerService: market.customerService,
        } satisfies BookingProps
      }
    />
  );
}
