import type { BookingPageContent } from '../../../contracts/upstream/bookingContent.js';
import type { BookingTexts } from './bookingTexts.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import { BOOKING_INTRO_LOGO } from '../../shared/media/pictureLayouts.js';

/** Before a car is chosen (part 2 §2.1): the four brands' own booking sites and the other authorised brands. */
export function BookingIntro({ content, texts }: { content: BookingPageContent | null; texts: BookingTexts }) {
  return (
    <section className="booking-intro" aria-labelledby="booking-intro-title">
      <h2 id="booking-intro-title" className="visually-hidden">
        {texts['booking.introTitle']}
      </h2>
      <p>{texts['booking.introText']}</p>
      {content && content.brandLinks.length > 0 && (
        <>
          <p>{texts['booking.introBrandLinks']}</p>
          <ul className="booking-intro__links">
            {content.brandLinks.map((link) => (
              <li key={link.brand}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  <ResponsiveImage src={link.logo.src} alt="" shape={[3, 1]} layout={BOOKING_INTRO_LOGO} />
                  <span>{link.brand}</span>
                  <span className="visually-hidden"> {texts['booking.opensInNewWindow']}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {content && content.brandLogos.length > 0 && (
        <details className="booking-intro__brands">
          <summary>{texts['booking.introMoreBrands']}</summary>
          <ul>
            {content.brandLogos.map((brand) => (
              <li key={brand.name}>
                <ResponsiveImage src={brand.logo.src} alt={brand.logo.alt} shape={[3, 1]} layout={BOOKING_INTRO_LOGO} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/**
 * Damage: the insurance claim comes first, then the inspection: a page of this site, or another site in a new
 * tab. A market with nowhere to book it shows no link.
 */
export function DamageInspectionPanel({ content, texts }: { content: BookingPageContent | null; texts: BookingTexts }) {
  if (!content) return null;
  const url = content.damageInspectionUrl;
  // A path of this site ('/…', never '//host/…') opens here.
  const onSite = url !== null && /^\/(?!\/)/.test(url);
  return (
    <section className="booking-damage" aria-labelledby="booking-damage-title">
      <h2 id="booking-damage-title">{texts['booking.damageTitle']}</h2>
      <p>{texts['booking.damageText']}</p>
      {url && onSite && <a href={url}>{texts['booking.damageLink']}</a>}
      {url && !onSite && (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {texts['booking.damageLink']}
          <span className="visually-hidden"> {texts['booking.opensInNewWindow']}</span>
        </a>
      )}
    </section>
  );
}
