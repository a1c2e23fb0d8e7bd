import { TirehotelContactValuesSchema } from '../../contracts/forms.js';
import { TirehotelBookingRequest } from '../../contracts/upstream/tirehotel.js';
import { appointmentText } from '../../client/islands/tirehotel/appointment.js';
import { canBook, contactFieldsVisible } from '../../client/islands/tirehotel/bookingRules.js';
import {
  availableDaysRange,
  dayDate,
  isoDay,
  monthLimits,
  unavailableDay,
} from '../../client/islands/tirehotel/calendarRules.js';
import {
  backspace,
  codeValue,
  emptyCode,
  isCodeComplete,
  move,
  paste,
  typeInto,
} from '../../client/islands/tirehotel/codeInput.js';
import { EMPTY_FLOW, StoredFlow, guardedStep, restoredStep } from '../../client/islands/tirehotel/flowState.js';
import { reviewOf } from '../../client/islands/tirehotel/rating.js';
import { canSearch, normaliseRegNo } from '../../client/islands/tirehotel/regNo.js';
import { refusalText, shopperMessage } from '../../client/islands/tirehotel/tirehotelApi.js';
import { readBffError } from '../../client/api/bffCall.js';
import { clockOf, dayStartTimes } from '../../client/islands/tirehotel/timeSlots.js';

describe('tire hotel registration number', () => {
  it.each([
    ['abc 123', 'ABC123'],
    [' a b c 1 2 3 ', 'ABC123'],
    ['mno345', 'MNO345'],
    ['ABC12345', 'ABC1234'],
    ['\tdef\n456', 'DEF456'],
  ])('%j becomes %s (spaces stripped, upper-cased, at most 7)', (typed, normalised) => {
    expect(normaliseRegNo(typed)).toBe(normalised);
  });

  it('lets the shopper continue from 2 characters, spaces not counted', () => {
    expect(canSearch('')).toBe(false);
    expect(canSearch('a ')).toBe(false);
    expect(canSearch('a b')).toBe(true);
    expect(canSearch('AB')).toBe(true);
  });
});

describe('tire hotel code boxes', () => {
  it('moves on after a digit and refuses anything else', () => {
    expect(typeInto(emptyCode(), 0, '7')).toEqual({ digits: ['7', '', '', ''], focus: 1 });
    expect(typeInto(['7', '', '', ''], 1, 'x')).toEqual({ digits: ['7', '', '', ''], focus: 1 });
    // A box holding a digit takes the newly typed one.
    expect(typeInto(['7', '3', '', ''], 1, '39')).toEqual({ digits: ['7', '9', '', ''], focus: 2 });
    expect(typeInto(['1', '2', '3', ''], 3, '4')).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
  });

  it('takes the first 4 characters of a paste, digits only, from the first box', () => {
    expect(paste('12345')).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
    expect(paste('98')).toEqual({ digits: ['9', '8', '', ''], focus: 2 });
    expect(paste('1a23')).toEqual({ digits: ['1', '2', '3', ''], focus: 3 });
    expect(paste('kod: 1234')).toEqual({ digits: ['', '', '', ''], focus: 0 });
  });

  it('fills every box when the phone autofills the whole code into one', () => {
    expect(typeInto(emptyCode(), 0, '4567')).toEqual({ digits: ['4', '5', '6', '7'], focus: 3 });
  });

  it('clears the box on Backspace, or moves back and clears the previous one when it is empty', () => {
    expect(backspace(['1', '2', '3', ''], 2)).toEqual({ digits: ['1', '2', '', ''], focus: 2 });
    expect(backspace(['1', '2', '', ''], 2)).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(backspace(['', '', '', ''], 0)).toEqual({ digits: ['', '', '', ''], focus: 0 });
  });

  it('moves with the arrows and stops at the ends', () => {
    expect(move(1, 'ArrowLeft')).toBe(0);
    expect(move(0, 'ArrowLeft')).toBe(0);
    expect(move(2, 'ArrowRight')).toBe(3);
    expect(move(3, 'ArrowRight')).toBe(3);
  });

  it('is complete with 4 digits only', () => {
    expect(isCodeComplete(['1', '2', '3', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4'])).toBe(true);
    expect(codeValue(['0', '1', '2', '3'])).toBe('0123');
  });
});

describe('tire hotel calendar limits', () => {
  const today = new Date(2026, 10, 23, 14, 0); // 23 November 2026, local time
  const days = ['2026-11-27', '2026-12-01', '2027-01-15', '2027-02-22'];

  it('asks for the free days from 3 days to 3 months ahead', () => {
    expect(availableDaysRange(today)).toEqual({ startDate: '2026-11-26', endDate: '2027-02-23' });
  });

  it('runs from the current month to the month of the last free day, starting at the first free day', () => {
    const limits = monthLimits(today, days);
    expect(isoDay(limits.startMonth)).toBe('2026-11-01');
    expect(isoDay(limits.endMonth)).toBe('2027-02-01');
    expect(isoDay(limits.firstMonth)).toBe('2026-11-01');
    expect(isoDay(monthLimits(today, ['2027-01-04', '2026-12-30']).firstMonth)).toBe('2026-12-01');
  });

  it('stays on the current month when there is no free day', () => {
    const limits = monthLimits(today, []);
    expect(isoDay(limits.startMonth)).toBe('2026-11-01');
    expect(isoDay(limits.endMonth)).toBe('2026-11-01');
  });

  it('lets only free days be chosen', () => {
    const unavailable = unavailableDay(days);
    expect(unavailable(dayDate('2026-12-01'))).toBe(false);
    expect(unavailable(dayDate('2026-12-02'))).toBe(true);
    expect(unavailable(new Date(2026, 11, 1, 23, 59))).toBe(false);
  });
});

describe('tire hotel time slots', () => {
  it('deduplicates and sorts one day’s start times and shows them as HH:mm', () => {
    const starts = dayStartTimes(
      {
        availableTimeSlotDates: [
          { date: '2026-12-01', startTime: ['2026-12-01T13:00:00', '2026-12-01T07:30:00', '2026-12-01T13:00:00'] },
          { date: '2026-12-01', startTime: ['2026-12-01T09:00:00', '2026-12-01T07:30:00'] },
          { date: '2026-12-02', startTime: ['2026-12-02T08:00:00'] },
        ],
      },
      '2026-12-01',
    );
    expect(starts).toEqual(['2026-12-01T07:30:00', '2026-12-01T09:00:00', '2026-12-01T13:00:00']);
    expect(starts.map(clockOf)).toEqual(['07:30', '09:00', '13:00']);
  });
});

describe('tire hotel booking button', () => {
  const slots = ['2026-12-01T08:00:00', '2026-12-01T09:00:00'];
  it('needs a date, the times loaded, a time when the day has times, valid fields and no call running', () => {
    expect(canBook({ date: null, slots: undefined, time: null }, true, false)).toBe(false);
    expect(canBook({ date: '2026-12-01', slots: undefined, time: null }, true, false)).toBe(false);
    expect(canBook({ date: '2026-12-01', slots, time: null }, true, false)).toBe(false);
    expect(canBook({ date: '2026-12-01', slots, time: slots[1]! }, true, false)).toBe(true);
    expect(canBook({ date: '2026-12-01', slots, time: slots[1]! }, false, false)).toBe(false);
    expect(canBook({ date: '2026-12-01', slots, time: slots[1]! }, true, true)).toBe(false);
    expect(canBook({ date: '2026-12-01', slots, time: '2026-12-01T10:00:00' }, true, false)).toBe(false);
  });

  it('books a day without times with no time (the workshop calls back), but not when the times failed to load', () => {
    expect(canBook({ date: '2026-12-01', slots: [], time: null }, true, false)).toBe(true);
    expect(canBook({ date: '2026-12-01', slots: null, time: null }, true, false)).toBe(false);
  });

  it('shows the contact fields once the chosen day’s times loaded without error', () => {
    expect(contactFieldsVisible({ date: null, slots: undefined, time: null })).toBe(false);
    expect(contactFieldsVisible({ date: '2026-12-01', slots: undefined, time: null })).toBe(false);
    expect(contactFieldsVisible({ date: '2026-12-01', slots: null, time: null })).toBe(false);
    expect(contactFieldsVisible({ date: '2026-12-01', slots: [], time: null })).toBe(true);
    expect(contactFieldsVisible({ date: '2026-12-01', slots, time: null })).toBe(true);
  });
});

describe('tire hotel contact values (the schema the BFF validates the booking with)', () => {
  const values = {
    firstName: 'Kim',
    lastName: 'Test',
    email: 'kim@example.se',
    phoneMobile: '070-123 45 67',
    freeText: '',
  };

  it('strips every character but digits and plus signs from the mobile, leaving 8 to 15', () => {
    expect(TirehotelContactValuesSchema.parse(values).phoneMobile).toBe('0701234567');
    expect(TirehotelContactValuesSchema.parse({ ...values, phoneMobile: '+46 (0)70-123 45 67' }).phoneMobile).toBe(
      '+460701234567',
    );
    expect(TirehotelContactValuesSchema.safeParse({ ...values, phoneMobile: '070 12 34' }).success).toBe(false);
    expect(TirehotelContactValuesSchema.safeParse({ ...values, phoneMobile: '1234567890123456' }).success).toBe(false);
  });

  it.each([
    ['kim@example.se', true],
    ['kim@example.s', false],
    ['kim@example', false],
    ['kim example.se', false],
  ])('e-mail %s valid: %s', (email, valid) => {
    expect(TirehotelContactValuesSchema.safeParse({ ...values, email }).success).toBe(valid);
  });

  it('requires first and last name; the comment is optional', () => {
    expect(TirehotelContactValuesSchema.safeParse({ ...values, firstName: '  ' }).success).toBe(false);
    expect(TirehotelContactValuesSchema.safeParse({ ...values, lastName: '' }).success).toBe(false);
    expect(TirehotelContactValuesSchema.safeParse(values).success).toBe(true);
  });

  it('is the customer the booking request is validated with', () => {
    const { freeText: _, ...customer } = TirehotelContactValuesSchema.parse(values);
    const request = {
      bookingDate: '2026-12-01',
      bookingStart: null,
      regNo: 'ABC123',
      freeText: null,
      customer: { ...values, freeText: undefined },
    };
    expect(TirehotelBookingRequest.parse(request).customer).toEqual(customer);
  });
});

describe('tire hotel stored flow', () => {
  const customer = {
    encryptedPhoneNumber: 'abcdefgh12345678',
    obfuscatedPhoneNumber: '070-*** ** 67',
    regNo: 'ABC123',
  };
  const vehicle = {
    regNo: 'ABC123',
    name: 'Volvo XC60',
    brand: 'Volvo',
    brandCode: 'VOL',
    model: 'XC60',
    productId: 'DH-1',
    packageLevel: 'Premium',
    location: {
      locationName: 'Göteborg',
      departmentName: 'Däckhotell Hisingen',
      erpId: 'TH1001',
      phone: '031-123 45 00',
      email: 'a@example.se',
    },
    tires: [],
  };
  const validated = { status: 0, vehicles: [vehicle], expiresAt: '2026-11-23T05:00:00.000Z' };

  it('never reads back a stored token', () => {
    expect(StoredFlow.safeParse({ customer, validated, confirmation: null }).success).toBe(true);
    expect(
      StoredFlow.safeParse({
        customer,
        validated: { ...validated, authorizationToken: 'secret-token-123' },
        confirmation: null,
      }).success,
    ).toBe(false);
    expect(
      StoredFlow.safeParse({
        customer,
        validated,
        confirmation: null,
        credentials: { authorizationToken: 'secret-token-123' },
      }).success,
    ).toBe(false);
  });

  it('lands a reload on LoggedIn with a validated status 0, on Login with only a customer, else on Search', () => {
    expect(restoredStep({ customer, validated, confirmation: null })).toBe('loggedIn');
    expect(restoredStep({ customer, validated: { ...validated, status: 1 }, confirmation: null })).toBe('login');
    expect(restoredStep({ ...EMPTY_FLOW, customer })).toBe('login');
    expect(restoredStep(EMPTY_FLOW)).toBe('search');
  });

  it('jumps from Search, Login or Validate straight to LoggedIn when validated, and never books logged out', () => {
    const loggedIn = { customer, validated, confirmation: null };
    expect(['search', 'login', 'validate'].map((step) => guardedStep(step as 'search', loggedIn))).toEqual([
      'loggedIn',
      'loggedIn',
      'loggedIn',
    ]);
    expect(guardedStep('booking', loggedIn)).toBe('booking');
    expect(guardedStep('booking', { ...EMPTY_FLOW, customer })).toBe('search');
    expect(guardedStep('confirmation', loggedIn)).toBe('loggedIn');
  });
});

describe('tire hotel messages, rating and times shown', () => {
  it('shows the tire-hotel service’s message, or the BFF’s own for its refusals, and nothing else', () => {
    expect(
      shopperMessage(
        readBffError(401, {
          error: { code: 'upstream_status', message: 'tirehotel answered 401', upstream: { message: 'Felaktig kod.' } },
        }),
      ),
    ).toBe('Felaktig kod.');
    expect(
      shopperMessage(
        readBffError(429, { error: { code: 'too_many_requests', message: 'Du har begärt för många koder.' } }),
      ),
    ).toBe('Du har begärt för många koder.');
    expect(
      shopperMessage(readBffError(400, { error: { code: 'bad_request', message: 'Invalid request: query.regNo' } })),
    ).toBeNull();
    expect(shopperMessage(readBffError(500, '<html>'))).toBeNull();
  });

  it('shows no English text of the in-flight cap’s 429, which is not written for shoppers', () => {
    expect(
      shopperMessage(
        readBffError(429, {
          error: { code: 'too_many_in_flight', message: 'Too many requests at once from this address' },
        }),
      ),
    ).toBeNull();
  });

  it('says after a limit’s message when to try again, and the generic text where the server has none for the shopper', () => {
    const texts = {
      genericError: 'Något gick fel, var god och försök senare.',
      tryAgainIn: 'Försök igen om {minutes} min.',
      tryAgainInHours: 'Försök igen om {hours} tim.',
    };
    const limit = {
      error: {
        code: 'too_many_requests',
        message: 'Du har gjort för många sökningar. Vänta en stund och försök igen.',
        retryAfterSeconds: 540,
      },
    };
    expect(refusalText(readBffError(429, limit), texts)).toBe(
      'Du har gjort för många sökningar. Vänta en stund och försök igen. Försök igen om 9 min.',
    );
    const taken = { error: { code: 'upstream_status', upstream: { message: 'Tiden är inte längre ledig.' } } };
    expect(refusalText(readBffError(409, taken), texts)).toBe('Tiden är inte längre ledig.');
    expect(refusalText(readBffError(502, { error: { code: 'upstream_status' } }), texts)).toBe(texts.genericError);
    expect(refusalText(readBffError(null, null), texts)).toBe(texts.genericError);
  });

  it('counts a day’s lock in hours, and shows the message of a limit that could not be counted (503)', () => {
    const texts = {
      genericError: 'Något gick fel, var god och försök senare.',
      tryAgainIn: 'Försök igen om {minutes} min.',
      tryAgainInHours: 'Försök igen om {hours} tim.',
    };
    const dayLock = {
      error: { code: 'too_many_requests', message: 'Du har begärt för många koder i dag.', retryAfterSeconds: 86_399 },
    };
    expect(refusalText(readBffError(429, dayLock), texts)).toBe(
      'Du har begärt för många koder i dag. Försök igen om 24 tim.',
    );
    const unavailable = {
      error: {
        code: 'limits_unavailable',
        message: 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.',
        retryAfterSeconds: 5,
      },
    };
    expect(shopperMessage(readBffError(503, unavailable))).toBe(unavailable.error.message);
    expect(refusalText(readBffError(503, unavailable), texts)).toBe(unavailable.error.message);
  });

  it('sends ratings 1 to 5 with the moment as an ISO date and refuses anything else', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    expect(reviewOf(5, now)).toEqual({ rating: 5, comment: null, date: '2026-11-23T10:00:00.000Z' });
    expect(() => reviewOf(0, now)).toThrow(RangeError);
    expect(() => reviewOf(6, now)).toThrow(RangeError);
  });

  it('writes the appointment in Swedish, without a time for a full day', () => {
    expect(appointmentText({ appointmentTime: '2026-12-01T09:00:00', isFullDay: false }, 'sv-SE')).toBe(
      'tisdag 1 december 2026 09:00',
    );
    expect(appointmentText({ appointmentTime: '2026-12-01T00:00:00', isFullDay: true }, 'sv-SE')).toBe(
      'tisdag 1 december 2026',
    );
  });
});
