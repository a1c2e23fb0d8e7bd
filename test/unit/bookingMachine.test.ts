import {
  bookingReducer,
  currentStep,
  servicesComplete,
  type BookingEvent,
} from '../../client/islands/booking/bookingMachine.js';
import { INITIAL_BOOKING, type BookingStore, type SelectedService } from '../../client/islands/booking/bookingState.js';
import type { MechmateCar, Workshop } from '../../contracts/upstream/mechmate.js';
import type { Place } from '../../contracts/upstream/maps.js';

const volvo: MechmateCar = {
  registrationNumber: 'ABC123',
  brand: 'Volvo',
  model: 'V60',
  buildYear: 2020,
  hasServiceAgreement: false,
  isSupported: true,
};
const tesla: MechmateCar = { ...volvo, registrationNumber: 'TES123', brand: 'Tesla', isSupported: false };
const stockholm: Place = {
  name: 'Stockholm',
  placeId: 'se-stockholm-stockholm',
  latitude: 59.33,
  longitude: 18.07,
  region: 'Stockholms län',
};
const uppsala: Place = {
  name: 'Uppsala',
  placeId: 'se-uppsala-uppsala',
  latitude: 59.86,
  longitude: 17.64,
  region: 'Uppsala län',
};
const workshop: Workshop = {
  departmentId: 2001,
  siteId: 'se-site-101',
  siteName: 'Bilcentrum Stockholm',
  address: 'Gatan 1, 111 11 Stockholm',
  latitude: 59.33,
  longitude: 18.06,
  brands: ['Volvo'],
  firstTimeSlot: '2026-11-24T08:30:00',
};

const entry = (change: Partial<SelectedService> = {}): SelectedService => ({
  name: 'Oljeservice',
  price: 1795,
  priceKnown: true,
  priceDiscount: null,
  category: 'Service',
  type: 'service',
  unit: null,
  unitAbbreviation: null,
  userInput: null,
  exclusive: false,
  ...change,
});

const run = (events: BookingEvent[], from: BookingStore = INITIAL_BOOKING) => events.reduce(bookingReducer, from);
const accepted = () => run([{ type: 'carAccepted', car: volvo, place: stockholm }]);
const atAddons = () =>
  run([{ type: 'toggleService', code: 'oilservice', entry: entry() }, { type: 'servicesContinue' }], accepted());

describe('booking state machine (part 2 §4.1)', () => {
  it('starts at step 1 with booking state 0 and max booking state 5', () => {
    expect(INITIAL_BOOKING).toMatchObject({ bookingState: 0, maxBookingState: 5, displayState: 0, services: {} });
  });

  it('accepting a car and a place stores car, coordinates and region, sets state 2, max 4 and shows step 2', () => {
    const state = accepted();
    expect(state).toMatchObject({
      car: volvo,
      lat: 59.33,
      lng: 18.07,
      region: 'Stockholms län',
      location: stockholm,
      bookingState: 2,
      maxBookingState: 4,
      displayState: 2,
    });
  });

  it('refuses an unsupported car (isSupported false)', () => {
    expect(run([{ type: 'carAccepted', car: tesla, place: stockholm }])).toBe(INITIAL_BOOKING);
  });

  it('the same car and place again returns to the current state and keeps the services', () => {
    const atStep4 = run([{ type: 'addonsSkip' }, { type: 'display', step: 0 }], atAddons());
    expect(atStep4.displayState).toBe(0);
    const again = bookingReducer(atStep4, { type: 'carAccepted', car: volvo, place: stockholm });
    expect(again.displayState).toBe(4);
    expect(Object.keys(again.services)).toEqual(['oilservice']);
  });

  it('a changed car or place clears the services and goes back to step 2', () => {
    const atStep4 = run([{ type: 'addonsSkip' }, { type: 'selectWorkshop', workshop }], atAddons());
    const moved = bookingReducer(atStep4, { type: 'carAccepted', car: volvo, place: uppsala });
    expect(moved).toMatchObject({ services: {}, bookingState: 2, displayState: 2, lat: 59.86 });
    expect(moved.bookingInfo.location).toBeNull();
    const otherCar = bookingReducer(atStep4, {
      type: 'carAccepted',
      car: { ...volvo, registrationNumber: 'XYZ987' },
      place: stockholm,
    });
    expect(otherCar.services).toEqual({});
  });

  it("step 2 'Fortsätt' needs a selection and then shows step 3", () => {
    expect(bookingReducer(accepted(), { type: 'servicesContinue' }).displayState).toBe(2);
    expect(atAddons()).toMatchObject({ displayState: 3, bookingState: 3 });
  });

  it('an add-on alone does not count as the service selection step 2 needs', () => {
    const state = run(
      [{ type: 'toggleService', code: 'wiperfront', entry: entry({ type: 'addon' }) }, { type: 'servicesContinue' }],
      accepted(),
    );
    expect(state.displayState).toBe(2);
  });

  it('the original service needs a mileage and a user-input service a message before going on', () => {
    const original = run([{ type: 'toggleService', code: 'originalservice', entry: entry() }], accepted());
    expect(servicesComplete(original)).toBe(false);
    expect(bookingReducer(original, { type: 'servicesContinue' }).displayState).toBe(2);
    expect(servicesComplete(bookingReducer(original, { type: 'setMileage', milage: 1500 }))).toBe(true);
    const diagnostics = run(
      [{ type: 'toggleService', code: 'diagnostics', entry: entry({ userInput: '' }) }],
      accepted(),
    );
    expect(servicesComplete(diagnostics)).toBe(false);
    expect(
      servicesComplete(
        bookingReducer(diagnostics, { type: 'setUserInput', code: 'diagnostics', userInput: 'Det låter' }),
      ),
    ).toBe(true);
  });

  it('unchecking removes the service', () => {
    const state = run(
      [
        { type: 'toggleService', code: 'oilservice', entry: entry() },
        { type: 'toggleService', code: 'oilservice', entry: entry() },
      ],
      accepted(),
    );
    expect(state.services).toEqual({});
  });

  it('an exclusive add-on replaces the others of its category, and clicking it again deselects it', () => {
    const front = entry({ name: 'Torkarblad fram', category: 'Torkarblad', type: 'addon', exclusive: true });
    const all = entry({ name: 'Torkarblad fram och bak', category: 'Torkarblad', type: 'addon', exclusive: true });
    const fluid = entry({ name: 'Spolarvätska', category: 'Vätskor', type: 'addon', unit: 1 });
    let state = run(
      [
        { type: 'toggleService', code: 'washerfluid', entry: fluid },
        { type: 'toggleService', code: 'wiperfront', entry: front },
        { type: 'toggleService', code: 'wiperall', entry: all },
      ],
      atAddons(),
    );
    expect(Object.keys(state.services).sort()).toEqual(['oilservice', 'washerfluid', 'wiperall']);
    state = bookingReducer(state, { type: 'toggleService', code: 'wiperall', entry: all });
    expect(Object.keys(state.services).sort()).toEqual(['oilservice', 'washerfluid']);
  });

  it("step 3: 'Fortsätt' needs an add-on, 'Fortsätt utan tillval' needs none; both go to 4", () => {
    expect(bookingReducer(atAddons(), { type: 'addonsContinue' }).displayState).toBe(3);
    expect(bookingReducer(atAddons(), { type: 'addonsSkip' })).toMatchObject({ displayState: 4, bookingState: 4 });
    const withAddon = bookingReducer(atAddons(), {
      type: 'toggleService',
      code: 'wiperfront',
      entry: entry({ type: 'addon', category: 'Torkarblad' }),
    });
    expect(withAddon.bookingInfo.addons).toBe(true);
    expect(bookingReducer(withAddon, { type: 'addonsSkip' }).displayState).toBe(3);
    expect(bookingReducer(withAddon, { type: 'addonsContinue' }).displayState).toBe(4);
  });

  it('no add-ons (empty answer or failed fetch) skip to step 4', () => {
    expect(bookingReducer(atAddons(), { type: 'noAddons' }).displayState).toBe(4);
  });

  it('changing the services clears the chosen workshop and time', () => {
    const chosen = run(
      [
        { type: 'addonsSkip' },
        { type: 'selectWorkshop', workshop },
        { type: 'selectTimeSlot', timeSlot: '2026-11-24T08:30:00', isFullDay: false },
      ],
      atAddons(),
    );
    expect(chosen.bookingInfo).toMatchObject({ location: workshop, timeSlot: '2026-11-24T08:30:00' });
    const changed = bookingReducer(chosen, {
      type: 'toggleService',
      code: 'tirechange',
      entry: entry({ name: 'Hjulskifte' }),
    });
    expect(changed.bookingInfo).toMatchObject({ location: null, timeSlot: null });
  });

  it('displaying an earlier step keeps the booking state; a step not reached cannot be shown', () => {
    const at4 = bookingReducer(atAddons(), { type: 'addonsSkip' });
    const back = bookingReducer(at4, { type: 'display', step: 2 });
    expect(back).toMatchObject({ displayState: 2, bookingState: 4 });
    expect(currentStep(back)).toBe(4);
    expect(bookingReducer(accepted(), { type: 'display', step: 4 }).displayState).toBe(2);
  });

  it('a booking sets state 5 and stores the id; the prices fill the services in', () => {
    const priced = run(
      [
        { type: 'addonsSkip' },
        { type: 'selectWorkshop', workshop },
        { type: 'pricesLoaded', offers: [{ code: 'oilservice', price: 1900, priceKnown: true, priceDiscount: 1520 }] },
      ],
      atAddons(),
    );
    expect(priced.services.oilservice).toMatchObject({ price: 1900, priceDiscount: 1520 });
    const booked = bookingReducer(priced, { type: 'booked', id: 'MM-100001' });
    expect(booked).toMatchObject({ bookingState: 5, maxBookingState: 5, displayState: 5 });
    expect(booked.bookingInfo.bookingId).toBe('MM-100001');
    expect(bookingReducer(booked, { type: 'display', step: 2 }).displayState).toBe(5);
    expect(bookingReducer(booked, { type: 'reset' })).toBe(INITIAL_BOOKING);
  });

  it('a time slot needs a chosen workshop', () => {
    expect(
      bookingReducer(atAddons(), { type: 'selectTimeSlot', timeSlot: '2026-11-24T08:00:00', isFullDay: true })
        .bookingInfo.timeSlot,
    ).toBeNull();
  });
});
