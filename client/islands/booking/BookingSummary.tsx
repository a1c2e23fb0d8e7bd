import { useSyncExternalStore } from 'react';
import type { BookingStore } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import { BottomSheet } from './BottomSheet.js';
import { bookingTotal, formatPrice, formatSlot } from './formatBooking.js';
import { PriceLines } from './PriceLines.js';
import { CarClassJoke } from './CarClassJoke.js';

/** From this width the summary is a sidebar (client/styles/booking.css uses the same). */
export const SIDEBAR_MEDIA = '(min-width: 960px)';

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(SIDEBAR_MEDIA);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Sidebar or sheet; the server (and hydration) render the sheet's place, which is empty before state 1 anyway. */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(SIDEBAR_MEDIA).matches,
    () => false,
  );
}

function SummaryContent({ state, texts, locale }: { state: BookingStore; texts: BookingTexts; locale: string }) {
  const services = Object.values(state.services);
  const workshop = state.bookingInfo.location;
  return (
    <div className="booking-summary__content">
      <dl>
        {state.car && (
          <>
            <dt>{texts['booking.summaryCar']}</dt>
            <dd>{`${state.car.registrationNumber}, ${state.car.brand} ${state.car.model} ${state.car.buildYear}`}</dd>
            <CarClassJoke car={state.car} texts={texts} />
          </>
        )}
        {state.location && (
          <>
            <dt>{texts['booking.summaryPlace']}</dt>
            <dd>{`${state.location.name}, ${state.location.region}`}</dd>
          </>
        )}
        {state.milage !== null && (
          <>
            <dt>{texts['booking.mileageLabel']}</dt>
            <dd>{`${state.milage} ${texts['booking.mileageUnit']}`}</dd>
          </>
        )}
        {workshop && (
          <>
            <dt>{texts['booking.summaryWorkshop']}</dt>
            <dd>{workshop.siteName}</dd>
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
      {services.length > 0 && (
        <>
          <h3>{texts['booking.summaryServices']}</h3>
          {state.car?.hasServiceAgreement && <p className="booking-notice">{texts['booking.agreementNotice']}</p>}
          <PriceLines services={services} texts={texts} locale={locale} />
          <p className="booking-prices__total">
            <span>{texts['booking.total']}</span> <strong>{formatPrice(bookingTotal(services).total, locale)}</strong>
          </p>
        </>
      )}
    </div>
  );
}

/** The choices so far: a sidebar on large screens, a bottom sheet on small ones; nothing before booking state 1 (part 2 §2.1). */
export function BookingSummary({ state, texts, locale }: { state: BookingStore; texts: BookingTexts; locale: string }) {
  const wide = useWide();
  if (state.bookingState < 1 || state.displayState === 5) return null;
  const content = <SummaryContent state={state} texts={texts} locale={locale} />;
  if (wide) {
    return (
      <aside className="booking-summary" aria-labelledby="booking-summary-title">
        <h2 id="booking-summary-title">{texts['booking.summaryTitle']}</h2>
        {content}
      </aside>
    );
  }
  const { total } = bookingTotal(Object.values(state.services));
  return (
    <BottomSheet
      title={texts['booking.summaryTitle']}
      openLabel={texts['booking.sheetOpen']}
      closeLabel={texts['booking.sheetClose']}
      peek={total > 0 ? formatPrice(total, locale) : ''}
    >
      {content}
    </BottomSheet>
  );
}
