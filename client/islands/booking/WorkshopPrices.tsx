import { useEffect, useMemo } from 'react';
import type { Workshop } from '../../../contracts/upstream/mechmate.js';
import { bookingApi } from './bookingApi.js';
import type { BookingEvent } from './bookingMachine.js';
import type { BookingStore } from './bookingState.js';
import type { BookingTexts } from './bookingTexts.js';
import { bookingTotal, formatPrice } from './formatBooking.js';
import { PriceLines } from './PriceLines.js';

interface WorkshopPricesProps {
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  workshop: Workshop;
  texts: BookingTexts;
  locale: string;
}

/** The chosen services' prices at the chosen workshop (the price lookup fills each service's price in). */
export function WorkshopPrices({ state, dispatch, workshop, texts, locale }: WorkshopPricesProps) {
  const codes = useMemo(() => Object.keys(state.services).sort(), [state.services]);
  const codeKey = codes.join(',');
  const regNo = state.car?.registrationNumber;
  useEffect(() => {
    if (!regNo || codeKey === '') return;
    const abort = new AbortController();
    bookingApi
      .prices(regNo, state.milage ?? 1, workshop.departmentId, codeKey.split(','), abort.signal)
      .then((answer) => answer.ok && dispatch({ type: 'pricesLoaded', offers: answer.value.offers }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [regNo, state.milage, workshop.departmentId, codeKey, dispatch]);

  const services = Object.values(state.services);
  const { total } = bookingTotal(services);
  return (
    <section className="booking-prices" aria-labelledby="booking-prices-title">
      <h3 id="booking-prices-title">{texts['booking.pricesTitle']}</h3>
      {state.car?.hasServiceAgreement && <p className="booking-notice">{texts['booking.agreementNotice']}</p>}
      <PriceLines services={services} texts={texts} locale={locale} />
      <p className="booking-prices__total">
        <span>{texts['booking.total']}</span> <strong>{formatPrice(total, locale)}</strong>
      </p>
    </section>
  );
}
