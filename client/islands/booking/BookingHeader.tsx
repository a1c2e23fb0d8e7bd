import { useEffect, useState } from 'react';
import type { BookingPageContent } from '../../../contracts/upstream/bookingContent.js';
import type { MechmateCar } from '../../../contracts/upstream/mechmate.js';
import type { BookingTexts } from './bookingTexts.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import { BOOKING_LOGO } from '../../shared/media/pictureLayouts.js';
import { fillText } from '../../../markets/translations/plural.js';

/** The brand's logo from the page's intro content, when the brand is one of them. */
function logoOf(content: BookingPageContent | null, brand: string) {
  const key = brand.toLowerCase();
  return (
    content?.brandLinks.find((b) => b.brand.toLowerCase() === key)?.logo ??
    content?.brandLogos.find((b) => b.name.toLowerCase() === key)?.logo ??
    null
  );
}

/**
 * The page heading follows the car's brand (part 2 §2.1): an authorised-workshop heading with the
 * brand's logo, or the plain heading and the text that some services can still be offered.
 */
export function BookingHeader({
  car,
  content,
  texts,
}: {
  car: MechmateCar | null;
  content: BookingPageContent | null;
  texts: BookingTexts;
}) {
  const brand = car?.brand ?? null;
  const [authorised, setAuthorised] = useState<{ brand: string; hasBrand: boolean } | null>(null);
  useEffect(() => {
    if (brand === null) return;
    const abort = new AbortController();
    import('./bookingApi.js')
      .then(({ bookingApi }) => bookingApi.authorizedWorkshop(brand, abort.signal))
      .then((answer) => setAuthorised({ brand, hasBrand: answer.ok && answer.value.hasBrand }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [brand]);

  const known = brand !== null && authorised?.brand === brand ? authorised : null;
  const logo = known?.hasBrand ? logoOf(content, known.brand) : null;
  return (
    <header className="booking__header">
      {logo && (
        <ResponsiveImage className="booking__brand-logo" src={logo.src} alt="" shape={[3, 1]} layout={BOOKING_LOGO} />
      )}
      <h1>
        {known?.hasBrand
          ? fillText(texts['booking.authorizedHeading'], { brand: known.brand })
          : texts['booking.title']}
      </h1>
      {known && !known.hasBrand && (
        <p className="booking__no-workshop">{fillText(texts['booking.notAuthorizedText'], { brand: known.brand })}</p>
      )}
    </header>
  );
}
