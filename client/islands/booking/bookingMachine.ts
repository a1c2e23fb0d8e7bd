import type { MechmateCar, Workshop } from '../../../contracts/upstream/mechmate.js';
import type { Place } from '../../../contracts/upstream/maps.js';
import {
  EMPTY_BOOKING_INFO,
  INITIAL_BOOKING,
  type BookingStore,
  type DisplayState,
  type SelectedService,
} from './bookingState.js';

/**
 * The booking flow's states and transitions (part 2 §4.1), pure: the island dispatches these events
 * and persists whatever comes out. Guards that the specification states (a selection before step 3,
 * an add-on for 'Fortsätt', none for 'Fortsätt utan tillval') are enforced here as well as in the UI.
 */

/** The offering whose selection needs a mileage (§4.1). */
export const ORIGINAL_SERVICE = 'originalservice';

export type BookingEvent =
  | { type: 'display'; step: DisplayState }
  | { type: 'carAccepted'; car: MechmateCar; place: Place }
  | { type: 'toggleService'; code: string; entry: SelectedService }
  | { type: 'setMileage'; milage: number | null }
  | { type: 'setUserInput'; code: string; userInput: string }
  | { type: 'setUnits'; code: string; units: number }
  | { type: 'servicesContinue' }
  | { type: 'addonsContinue' }
  | { type: 'addonsSkip' }
  | { type: 'noAddons' }
  | { type: 'selectWorkshop'; workshop: Workshop }
  | {
      type: 'pricesLoaded';
      offers: { code: string; price: number | null; priceKnown: boolean; priceDiscount: number | null }[];
    }
  | { type: 'selectTimeSlot'; timeSlot: string; isFullDay: boolean }
  | { type: 'booked'; id: string }
  | { type: 'reset' };

/** Shows a step; the booking state follows it up, never down, and not past maxBookingState before the booking. */
function display(state: BookingStore, step: DisplayState): BookingStore {
  const reached = step === 5 ? 5 : Math.min(Math.max(state.bookingState, step), state.maxBookingState);
  return { ...state, displayState: step, bookingState: reached };
}

/** The furthest step reached, as a step that can be shown. */
export function currentStep(state: BookingStore): DisplayState {
  const s = state.bookingState;
  return s >= 5 ? 5 : s === 4 ? 4 : s === 3 ? 3 : s >= 1 ? 2 : 0;
}

const placeChanged = (state: BookingStore, place: Place) =>
  state.lat !== place.latitude || state.lng !== place.longitude;

/** Every chosen service has what it needs: a mileage for the original service, a message where one is asked for. */
export function servicesComplete(state: BookingStore): boolean {
  const chosen = Object.entries(state.services);
  if (!chosen.some(([, s]) => s.type === 'service')) return false;
  return chosen.every(
    ([code, s]) =>
      (code !== ORIGINAL_SERVICE || state.milage !== null) && (s.userInput === null || s.userInput.trim() !== ''),
  );
}

const hasAddon = (services: BookingStore['services']) => Object.values(services).some((s) => s.type === 'addon');

/** A new selection: the workshop (and its time) no longer fit, the list is loaded again. */
function withServices(state: BookingStore, services: BookingStore['services']): BookingStore {
  return {
    ...state,
    services,
    bookingInfo: { ...state.bookingInfo, addons: hasAddon(services), location: null, timeSlot: null, isFullDay: false },
  };
}

function toggleService(state: BookingStore, code: string, entry: SelectedService): BookingStore {
  if (code in state.services) {
    const { [code]: _removed, ...rest } = state.services;
    return withServices(state, rest);
  }
  const kept = entry.exclusive
    ? Object.fromEntries(
        Object.entries(state.services).filter(
          ([, s]) => !(s.exclusive && s.type === entry.type && s.category === entry.category),
        ),
      )
    : state.services;
  return withServices(state, { ...kept, [code]: entry });
}

function updateService(state: BookingStore, code: string, change: Partial<SelectedService>): BookingStore {
  const service = state.services[code];
  if (!service) return state;
  return { ...state, services: { ...state.services, [code]: { ...service, ...change } } };
}

export function bookingReducer(state: BookingStore, event: BookingEvent): BookingStore {
  switch (event.type) {
    case 'display':
      // Only a step already reached can be reopened; the confirmation only by booking.
      return event.step <= state.bookingState && event.step < 5 && state.bookingState < 5
        ? display(state, event.step)
        : state;
    case 'carAccepted': {
      if (!event.car.isSupported) return state;
      if (state.car?.registrationNumber === event.car.registrationNumber && !placeChanged(state, event.place)) {
        return display(state, currentStep(state));
      }
      return {
        ...state,
        car: event.car,
        lat: event.place.latitude,
        lng: event.place.longitude,
        region: event.place.region,
        location: event.place,
        services: {},
        bookingInfo: EMPTY_BOOKING_INFO,
        bookingState: 2,
        maxBookingState: 4,
        displayState: 2,
      };
    }
    case 'toggleService':
      return state.bookingState >= 2 && state.bookingState < 5 ? toggleService(state, event.code, event.entry) : state;
    case 'setMileage':
      return { ...state, milage: event.milage };
    case 'setUserInput':
      return updateService(state, event.code, { userInput: event.userInput });
    case 'setUnits':
      return updateService(state, event.code, { unit: event.units });
    case 'servicesContinue':
      return state.displayState === 2 && servicesComplete(state) ? display(state, 3) : state;
    case 'addonsContinue':
      return state.displayState === 3 && state.bookingInfo.addons && servicesComplete(state)
        ? display(state, 4)
        : state;
    case 'addonsSkip':
      return state.displayState === 3 && !state.bookingInfo.addons ? display(state, 4) : state;
    case 'noAddons':
      return state.displayState === 3 ? display(state, 4) : state;
    case 'selectWorkshop':
      return {
        ...state,
        bookingInfo: { ...state.bookingInfo, location: event.workshop, timeSlot: null, isFullDay: false },
      };
    case 'pricesLoaded': {
      const services = { ...state.services };
      for (const offer of event.offers) {
        const service = services[offer.code];
        if (service)
          services[offer.code] = {
            ...service,
            price: offer.price,
            priceKnown: offer.priceKnown,
            priceDiscount: offer.priceDiscount,
          };
      }
      return { ...state, services };
    }
    case 'selectTimeSlot':
      return state.bookingInfo.location
        ? { ...state, bookingInfo: { ...state.bookingInfo, timeSlot: event.timeSlot, isFullDay: event.isFullDay } }
        : state;
    case 'booked':
      return {
        ...state,
        maxBookingState: 5,
        bookingState: 5,
        displayState: 5,
        bookingInfo: { ...state.bookingInfo, bookingId: event.id },
      };
    case 'reset':
      return INITIAL_BOOKING;
  }
}
