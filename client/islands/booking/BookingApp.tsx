import { lazy, Suspense, useEffect } from 'react';
import type { BookingProps } from './bookingProps.js';
import { BookingHeader } from './BookingHeader.js';
import { BookingIntro, DamageInspectionPanel } from './BookingIntro.js';
import { BookingSteps } from './BookingSteps.js';
import { useBookingAnalytics } from './bookingAnalytics.js';
import { useBookingStore } from './useBookingStore.js';

/** The summary appears from booking state 1 on, so it is fetched with the later steps, not with the page. */
const BookingSummary = lazy(() => import('./BookingSummary.js').then((module) => ({ default: module.BookingSummary })));

/** The confirmation (with its map) is only needed once booked, or after a reload of a finished booking. */
const Confirmation = lazy(() => import('./Confirmation.js').then((module) => ({ default: module.Confirmation })));

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
          {booked ? (
            <Suspense
              fallback={
                <p className="booking-muted" role="status">
                  {texts['booking.loading']}
                </p>
              }
            >
              <Confirmation state={state} props={props} />
            </Suspense>
          ) : (
            <BookingSteps state={state} dispatch={dispatch} props={props} restored={restored} />
          )}
        </div>
        {state.bookingState >= 1 && state.displayState !== 5 && (
          <Suspense fallback={null}>
            <BookingSummary state={state} texts={texts} locale={props.locale} />
          </Suspense>
        )}
      </div>
      {state.car === null && <DamageInspectionPanel content={props.content} texts={texts} />}
    </div>
  );
}
