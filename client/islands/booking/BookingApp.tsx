import { useEffect } from 'react';
import type { BookingProps } from './bookingProps.js';
import { BookingHeader } from './BookingHeader.js';
import { BookingIntro, DamageInspectionPanel } from './BookingIntro.js';
import { BookingSteps } from './BookingSteps.js';
import { BookingSummary } from './BookingSummary.js';
import { Confirmation } from './Confirmation.js';
import { useBookingAnalytics } from './bookingAnalytics.js';
import { useBookingStore } from './useBookingStore.js';

/**
 * The service booking island ('MechMate', part 2 §2.1): the header by brand, the intro before a car
 * is chosen, the four steps (each collapsing to a summary row), the confirmation, and the summary
 * as a sidebar on large screens and a bottom sheet on small ones.
 */
export function BookingApp(props: BookingProps) {
  const { texts } = props;
  const { state, dispatch, restored } = useBookingStore();
  useBookingAnalytics(state, restored);
  const booked = state.displayState === 5 && state.bookingInfo.bookingId !== null;

  useEffect(() => {
    if (restored) document.documentElement.dataset.bookingReady = 'true';
  }, [restored]);

  return (
    <div className="booking">
      <BookingHeader car={state.car} content={props.content} texts={texts} />
      {state.car === null && <BookingIntro content={props.content} texts={texts} />}
      <div className="booking__layout">
        <div className="booking__main">
          {booked ? <Confirmation state={state} props={props} /> : <BookingSteps state={state} dispatch={dispatch} props={props} restored={restored} />}
        </div>
        <BookingSummary state={state} texts={texts} locale={props.locale} />
      </div>
      {state.car === null && <DamageInspectionPanel content={props.content} texts={texts} />}
    </div>
  );
}
