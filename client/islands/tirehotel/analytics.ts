import type { TirehotelConfirmation } from '../../../contracts/upstream/tirehotel.js';
import { pushToDataLayer } from '../../analytics/dataLayer.js';
import type { Step } from './flowState.js';

/** The tire hotel's analytics (part 2 §7): form interaction events per in-block page, and a purchase for a booking (SEK, value 0). */
const FORM_NAME = 'tirehotel';
let started = false;

export function trackForm(action: 'submit' | 'success' | 'error', step: Step): void {
  if (!started) {
    started = true;
    pushToDataLayer({ event: 'form_interaction', form_name: FORM_NAME, action: 'start', step_name: step });
  }
  pushToDataLayer({ event: 'form_interaction', form_name: FORM_NAME, action, step_name: step });
}

export function trackBooking(confirmation: TirehotelConfirmation): void {
  pushToDataLayer({
    event: 'purchase',
    ecommerce: {
      transaction_id: confirmation.bookingConfirmationId,
      currency: 'SEK',
      value: 0,
      items: confirmation.services.map((service) => ({
        item_id: `tirehotel-${service.name}`,
        item_name: service.name,
        price: 0,
        quantity: 1,
      })),
    },
  });
}
