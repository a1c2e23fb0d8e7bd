import { bookingReducer } from '../../client/islands/booking/bookingMachine.js';
import { INITIAL_BOOKING } from '../../client/islands/booking/bookingState.js';
import { clearBooking, loadBooking, saveBooking } from '../../client/islands/booking/bookingStore.js';
import { analyticsStep } from '../../client/islands/booking/bookingAnalytics.js';
import { bookingErrorText } from '../../client/islands/booking/bookingErrors.js';
import { bookingTotal, formatPrice, lineTotal } from '../../client/islands/booking/formatBooking.js';
import { groupWeeks, isoWeek, isWeekend, mondayOf } from '../../client/islands/booking/timeslotWeeks.js';
import { upsertWorkshop } from '../../client/islands/booking/useWorkshopStream.js';
import { sheetAfterDrag } from '../../client/islands/booking/BottomSheet.js';
import { bookingRequestOf, BookingContactSchema } from '../../client/islands/booking/ContactForm.js';
import { normaliseRegNo } from '../../client/islands/booking/StepRegistration.js';
import { sv } from '../../markets/translations/sv.js';
import type { BookingTexts } from '../../client/islands/booking/bookingTexts.js';
import type { Workshop } from '../../contracts/upstream/mechmate.js';

class FakeStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}
let storage: FakeStorage;
beforeEach(() => {
  storage = new FakeStorage();
  Object.assign(globalThis, { window: { sessionStorage: storage } });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const texts = Object.fromEntries(Object.entries(sv).filter(([k]) => k.startsWith('booking.'))) as BookingTexts;
const car = {
  registrationNumber: 'ABC123',
  brand: 'Volvo',
  model: 'V60',
  buildYear: 2020,
  hasServiceAgreement: false,
  isSupported: true,
};
const place = {
  name: 'Stockholm',
  placeId: 'se-stockholm-stockholm',
  latitude: 59.33,
  longitude: 18.07,
  region: 'Stockholms län',
};
const workshop: Workshop = {
  departmentId: 2001,
  siteId: 's',
  siteName: 'Bilcentrum Stockholm',
  address: 'Gatan 1',
  latitude: 59.3,
  longitude: 18,
  brands: [],
  firstTimeSlot: null,
};
const service = {
  name: 'Oljeservice',
  price: 1000,
  priceKnown: true,
  priceDiscount: null,
  category: 'Service',
  type: 'service' as const,
  unit: null,
  unitAbbreviation: null,
  userInput: null,
  exclusive: false,
};

describe('booking store in sessionStorage (part 2 §3.1)', () => {
  it('writes the changed §3.1 keys under booking.<key> and reads the same state back (a reload resumes)', () => {
    const next = bookingReducer(INITIAL_BOOKING, { type: 'carAccepted', car, place });
    saveBooking(INITIAL_BOOKING, next);
    expect([...storage.data.keys()].sort()).toEqual(
      [
        'booking.bookingState',
        'booking.car',
        'booking.displayState',
        'booking.lat',
        'booking.lng',
        'booking.location',
        'booking.maxBookingState',
        'booking.region',
        'booking.services',
      ].sort(),
    );
    expect(loadBooking()).toEqual(next);
  });

  it('an empty or corrupt storage is the initial booking; a later step without its car starts over', () => {
    expect(loadBooking()).toEqual(INITIAL_BOOKING);
    storage.setItem('booking.bookingState', '"four"');
    expect(loadBooking()).toEqual(INITIAL_BOOKING);
    storage.setItem('booking.bookingState', '4');
    expect(loadBooking()).toEqual(INITIAL_BOOKING);
  });

  it('clearBooking removes every key', () => {
    saveBooking(INITIAL_BOOKING, bookingReducer(INITIAL_BOOKING, { type: 'carAccepted', car, place }));
    clearBooking();
    expect(storage.data.size).toBe(0);
  });
});

describe('booking helpers', () => {
  it('maps the §8 error codes to their texts', () => {
    expect(bookingErrorText('InvalidReg', texts)).toBe(
      'Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt',
    );
    expect(bookingErrorText('VehicleNotFound', texts)).toBe(
      'Fordonet hittades inte, kontrollera att registreringsnumret är korrekt',
    );
    expect(bookingErrorText('Fordon hittades inte', texts)).toBe(
      'Fordonet hittades inte, kontrollera att registreringsnumret är korrekt',
    );
    expect(bookingErrorText('BrandNotSupported, Lada', texts)).toBe(
      'Vi kan inte erbjuda service för bilar av märket Lada.',
    );
    expect(bookingErrorText('TimeslotNotAvailable', texts)).toBe(
      'Tiden är inte tillgänglig, vänligen välj en annan tid',
    );
    expect(bookingErrorText('ServerError', texts)).toBe('Något gick fel, försök igen');
    expect(bookingErrorText(null, texts)).toBe('Något gick fel, försök igen');
  });

  it('upper-cases registration numbers as typed, drops spaces and keeps 6 characters', () => {
    expect(normaliseRegNo('abc 1234')).toBe('ABC123');
  });

  it('totals use the discounted price and multiply by the units', () => {
    expect(lineTotal({ ...service, price: 49, unit: 3 })).toBe(147);
    expect(lineTotal({ ...service, priceDiscount: 800 })).toBe(800);
    expect(bookingTotal([service, { ...service, price: null, priceKnown: false }])).toEqual({
      total: 1000,
      complete: false,
    });
    expect(formatPrice(1234, 'sv-SE').replace(/\s/g, ' ')).toBe('1 234 kr');
  });

  it('groups time slots into Monday weeks, leaving weekends out', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-27')).toBe(false);
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(isoWeek('2027-01-01')).toBe(53);
    const day = (date: string) => ({ date: `${date}T00:00:00`, availableSlots: ['08:00'], allDaySlotAvailable: false });
    const weeks = groupWeeks([day('2026-12-01'), day('2026-11-24'), day('2026-11-28'), day('2026-11-25')]);
    expect(weeks.map((w) => [w.monday, w.week, w.days.length])).toEqual([
      ['2026-11-23', 48, 2],
      ['2026-11-30', 49, 1],
    ]);
  });

  it('a workshop arriving again replaces the one with its departmentId', () => {
    const list = upsertWorkshop(upsertWorkshop([], workshop), { ...workshop, siteName: 'Nytt namn' });
    expect(list).toHaveLength(1);
    expect(list[0]!.siteName).toBe('Nytt namn');
  });

  it('the sheet closes when dragged down more than 200 px and opens when dragged up', () => {
    expect(sheetAfterDrag(true, 201)).toBe(false);
    expect(sheetAfterDrag(true, 150)).toBe(true);
    expect(sheetAfterDrag(false, -80)).toBe(true);
    expect(sheetAfterDrag(false, -10)).toBe(false);
  });

  it('numbers the analytics steps as §7 does', () => {
    const accepted = bookingReducer(INITIAL_BOOKING, { type: 'carAccepted', car, place });
    expect(analyticsStep(INITIAL_BOOKING)).toBe(0);
    expect(analyticsStep(accepted)).toBe(1);
  });

  it('builds the booking request with mileage 1 when none was given, validated by the contract', () => {
    let state = bookingReducer(INITIAL_BOOKING, { type: 'carAccepted', car, place });
    state = bookingReducer(state, { type: 'toggleService', code: 'oilservice', entry: service });
    state = bookingReducer(state, { type: 'selectWorkshop', workshop });
    state = bookingReducer(state, { type: 'selectTimeSlot', timeSlot: '2026-11-24T08:00:00', isFullDay: true });
    const contact = BookingContactSchema.parse({
      firstName: 'Anna',
      lastName: 'A',
      phone: '+46 70 123 45 67',
      email: 'anna@example.se',
      freeText: '',
    });
    expect(bookingRequestOf(state, contact)).toEqual({
      customer: { firstName: 'Anna', lastName: 'A', phone: '+46 70 123 45 67', email: 'anna@example.se' },
      freeText: null,
      departmentId: 2001,
      timeSlot: '2026-11-24T08:00:00',
      isFullDay: true,
      registrationNumber: 'ABC123',
      mileage: 1,
      serviceOfferingRequests: [{ kobraId: 'oilservice', unitsSelected: null, userInput: null }],
    });
    expect(
      BookingContactSchema.safeParse({ firstName: 'A', lastName: 'B', phone: '12345', email: 'a@b.se' }).success,
    ).toBe(false);
  });
});
