import { useEffect, useRef } from 'react';
import { pushToDataLayer } from '../../analytics/dataLayer.js';
import type { BookingStore } from './bookingState.js';

/**
 * The booking flow's analytics (part 2 §7): flow_interaction for each step as the shopper reaches it
 * (registration number 0, choose service 1, choose addon 2, time and place 3, contact details 4,
 * complete booking 5; flow version 2.0), one purchase in SEK on booking, event_error on lookup errors.
 */
export const BOOKING_FLOW = 'service_booking';
export const BOOKING_FLOW_VERSION = '2.0';
const STEP_NAMES = [
  'registration_number',
  'choose_service',
  'choose_addon',
  'time_and_place',
  'contact_details',
  'complete_booking',
] as const;

/** The analytics step of what the shopper sees now. */
export function analyticsStep(state: BookingStore): number {
  switch (state.displayState) {
    case 0:
      return 0;
    case 2:
      return 1;
    case 3:
      return 2;
    case 4:
      return state.bookingInfo.timeSlot ? 4 : 3;
    case 5:
      return 5;
  }
}

/** Pushes each step once per page view, the first time it is shown. */
export function useBookingAnalytics(state: BookingStore, restored: boolean): void {
  const pushed = useRef(new Set<number>());
  const step = analyticsStep(state);
  useEffect(() => {
    if (!restored || pushed.current.has(step)) return;
    pushed.current.add(step);
    pushToDataLayer({
      event: 'flow_interaction',
      flow_name: BOOKING_FLOW,
      flow_version: BOOKING_FLOW_VERSION,
      step_number: step,
      step_name: STEP_NAMES[step]!,
    });
  }, [step, restored]);
}

export function pushBookingPurchase(
  transactionId: string,
  value: number,
  items: { code: string; name: string; price: number | null; quantity: number }[],
): void {
  pushToDataLayer({
    event: 'purchase',
    ecommerce: {
      transaction_id: transactionId,
      currency: 'SEK',
      value,
      items: items.map((item) => ({
        item_id: item.code,
        item_name: item.name,
        quantity: item.quantity,
        ...(item.price === null ? {} : { price: item.price }),
      })),
    },
  });
}

/** A lookup error the shopper was shown: `error_type` is the service's code (or the HTTP outcome), `error_message` the text shown. */
export function pushBookingError(errorType: string, shownText: string): void {
  pushToDataLayer({ event: 'event_error', flow_name: BOOKING_FLOW, error_type: errorType, error_message: shownText });
}
