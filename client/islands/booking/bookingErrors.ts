import type { BookingTexts } from './bookingTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

/**
 * The booking error catalogue (part 2 §8): the service's message code (`errors['Error Result'][0]`)
 * to the text shown under the form. Anything unknown, or no code at all, is the general text.
 */
export function bookingErrorText(code: string | null, texts: BookingTexts): string {
  if (code === 'InvalidReg') return texts['booking.errorInvalidReg'];
  if (code === 'VehicleNotFound' || code === 'Fordon hittades inte') return texts['booking.errorVehicleNotFound'];
  if (code?.includes('BrandNotSupported')) {
    const brand = code.split(',').slice(1).join(',').trim();
    return fillText(texts['booking.errorBrandNotSupported'], { brand });
  }
  if (code === 'TimeslotNotAvailable') return texts['booking.errorTimeslot'];
  return texts['booking.errorGeneric'];
}
