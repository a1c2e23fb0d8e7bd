import type { SelectedService } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import { PriceText } from './PriceText.js';

/** The chosen services with their prices (units shown), and the notes about missing and median prices. */
export function PriceLines({
  services,
  texts,
  locale,
}: {
  services: SelectedService[];
  texts: BookingTexts;
  locale: string;
}) {
  const missing = services.some((s) => !s.priceKnown || s.price === null);
  return (
    <>
      <ul className="price-lines">
        {services.map((service) => (
          <li key={`${service.type}-${service.name}`}>
            <span>
              {service.name}
              {service.unit !== null && ` × ${service.unit} ${service.unitAbbreviation ?? ''}`}
            </span>
            <PriceText
              price={service.price === null ? null : service.price * (service.unit ?? 1)}
              priceKnown={service.priceKnown}
              priceDiscount={service.priceDiscount === null ? null : service.priceDiscount * (service.unit ?? 1)}
              texts={texts}
              locale={locale}
            />
          </li>
        ))}
      </ul>
      {missing && <p className="booking-note">{texts['booking.priceMissingNote']}</p>}
      <p className="booking-note">{texts['booking.medianNote']}</p>
    </>
  );
}
