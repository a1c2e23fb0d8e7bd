import { useEffect, useRef } from 'react';
import type { BookingProps } from './bookingProps.js';
import type { BookingStore } from './bookingState.js';
import { clearBooking } from './bookingStore.js';
import { BookingMap } from './BookingMap.js';
import { formatPrice, formatSlot, bookingTotal } from './formatBooking.js';
import { PriceLines } from './PriceLines.js';
import { CarClassJoke } from './CarClassJoke.js';

/** Directions to the workshop in the shopper's own maps app (a new tab). */
export const directionsUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

/** Booking state 5 (part 2 §2.1): 'Bokning bekräftad', the summary, the map, directions and 'Ny bokning'. */
export function Confirmation({ state, props }: { state: BookingStore; props: BookingProps }) {
  const { texts, locale } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const workshop = state.bookingInfo.location;
  const services = Object.values(state.services);
  const newBooking = () => {
    clearBooking();
    window.location.reload();
  };
  return (
    <section className="booking-confirmation" aria-labelledby="booking-confirmed-title">
      <h2 id="booking-confirmed-title" ref={heading} tabIndex={-1}>
        {texts['booking.confirmed']}
      </h2>
      <dl className="booking-confirmation__facts">
        <dt>{texts['booking.bookingNumber']}</dt>
        <dd>{state.bookingInfo.bookingId}</dd>
        {state.car && (
          <>
            <dt>{texts['booking.summaryCar']}</dt>
            <dd>{`${state.car.registrationNumber}, ${state.car.brand} ${state.car.model} ${state.car.buildYear}`}</dd>
            <CarClassJoke car={state.car} texts={texts} />
          </>
        )}
        {workshop && (
          <>
            <dt>{texts['booking.summaryWorkshop']}</dt>
            <dd>{`${workshop.siteName}, ${workshop.address}`}</dd>
          </>
        )}
        {state.bookingInfo.timeSlot && (
          <>
            <dt>{texts['booking.summaryTime']}</dt>
            <dd>
              {state.bookingInfo.isFullDay
                ? `${formatSlot(state.bookingInfo.timeSlot, locale, false)}, ${texts['booking.fullDay']}`
                : formatSlot(state.bookingInfo.timeSlot, locale)}
            </dd>
          </>
        )}
      </dl>
      {state.car?.hasServiceAgreement && <p className="booking-notice">{texts['booking.agreementNotice']}</p>}
      <PriceLines services={services} texts={texts} locale={locale} />
      <p className="booking-prices__total">
        <span>{texts['booking.total']}</span> <strong>{formatPrice(bookingTotal(services).total, locale)}</strong>
      </p>
      {workshop && <BookingMap workshops={[workshop]} selected={workshop} props={props} />}
      <div className="booking-actions">
        {workshop && (
          <a
            className="booking-button booking-button--secondary"
            href={directionsUrl(workshop.latitude, workshop.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {texts['booking.directions']}
            <span className="visually-hidden"> {texts['booking.opensInNewWindow']}</span>
          </a>
        )}
        <button type="button" className="booking-button" onClick={newBooking}>
          {texts['booking.newBooking']}
        </button>
      </div>
    </section>
  );
}
