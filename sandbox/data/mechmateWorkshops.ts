import type { TimeslotDay, Workshop } from '../../contracts/upstream/mechmate.js';
import { chance, memoisePerSeed } from './deterministic.js';
import { AUTHORISED_BRANDS } from './authorisedBrands.js';
import { ALL_OFFERING_CODES } from './mechmate.js';
import { SWEDISH_PLACES } from './places.js';
import { seededFaker } from './random.js';
import { addDays, daysBetween, isWeekday, stockholmToday } from './stockholmCalendar.js';

/** ~30 workshops in Swedish towns, with their offerings and a calendar of free slots for 12 weeks. */

/** The workshops' towns, each with the start of its postcodes (Malmö's are 2xx xx, not Dalarna's 79x xx). */
const WORKSHOP_TOWNS = {
  Stockholm: '114',
  Bromma: '168',
  Täby: '183',
  Södertälje: '151',
  Haninge: '136',
  Uppsala: '753',
  Västerås: '721',
  Eskilstuna: '632',
  Örebro: '702',
  Linköping: '582',
  Norrköping: '602',
  Jönköping: '553',
  Växjö: '352',
  Kalmar: '392',
  Karlskrona: '371',
  Malmö: '212',
  Lund: '222',
  Helsingborg: '252',
  Kristianstad: '291',
  Halmstad: '302',
  Göteborg: '411',
  Hisingen: '417',
  Mölndal: '431',
  Borås: '503',
  Trollhättan: '461',
  Skövde: '541',
  Karlstad: '652',
  Gävle: '802',
  Sundsvall: '852',
  Umeå: '903',
  Luleå: '972',
} as const satisfies Record<string, string>;
const SITE_NAME_PREFIXES = ['Bilcentrum', 'Motorhallen', 'Bilgruppen'] as const;
/** Offerings not every workshop has, and how often one does. */
const OPTIONAL_OFFERINGS: Record<string, number> = { windscreen: 0.5, acservice: 0.8, washfull: 0.6, adblue: 0.7 };
export const SLOT_TIMES = [
  '07:30',
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
];
/** Bookable from tomorrow until 12 weeks ahead. */
export const BOOKING_HORIZON_DAYS = 84;
/** A point farther than this from every workshop gets `{nosites}`. */
export const MAX_WORKSHOP_DISTANCE_KM = 300;

export interface SandboxWorkshop extends Omit<Workshop, 'firstTimeSlot'> {
  offeringCodes: Set<string>;
  /** Spreads prices around the median (§9: 'median values that vary slightly by workshop'). */
  priceFactor: number;
}

/** A drawn postcode ('793 07') moved into the town's range ('212 07'): the same draw, so the seeded data stays as it was. */
const postcodeIn = (start: string, drawn: string) => `${start}${drawn.slice(start.length)}`;

export const workshopsForSeed = memoisePerSeed((seed): SandboxWorkshop[] => {
  const faker = seededFaker(seed, 'sv', 'mechmate-workshops');
  return Object.entries(WORKSHOP_TOWNS).map(([town, postcodeStart], index) => {
    const place = SWEDISH_PLACES.find((p) => p.name === town);
    if (!place) throw new Error(`unknown workshop town ${town}`);
    const brands = faker.helpers.arrayElements(AUTHORISED_BRANDS, { min: 2, max: 6 });
    const offeringCodes = new Set(
      [...ALL_OFFERING_CODES].filter((code) => faker.number.float() < (OPTIONAL_OFFERINGS[code] ?? 1)),
    );
    return {
      departmentId: 2001 + index,
      siteId: `se-site-${101 + index}`,
      siteName: `${SITE_NAME_PREFIXES[index % SITE_NAME_PREFIXES.length]} ${town}`,
      address: `${faker.location.street()} ${faker.number.int({ min: 1, max: 120 })}, ${postcodeIn(postcodeStart, faker.location.zipCode('### ##'))} ${town}`,
      latitude: Math.round((place.latitude + faker.number.float({ min: -0.02, max: 0.02 })) * 1e5) / 1e5,
      longitude: Math.round((place.longitude + faker.number.float({ min: -0.03, max: 0.03 })) * 1e5) / 1e5,
      brands,
      offeringCodes,
      priceFactor: Math.round(faker.number.float({ min: 0.92, max: 1.08 }) * 100) / 100,
    };
  });
});

/** Booked slots, as `departmentId|YYYY-MM-DDTHH:mm:00|full or part`. */
export type BookedSlots = ReadonlySet<string>;
export const bookedSlotKey = (departmentId: number, timeSlot: string, isFullDay: boolean) =>
  `${departmentId}|${timeSlot}|${isFullDay ? 'full' : 'part'}`;

/** One day's free slots: weekdays only, some days full, 40% offer leaving the car for the whole day. */
export function timeslotDay(seed: number, departmentId: number, day: string, booked: BookedSlots): TimeslotDay {
  const date = `${day}T00:00:00`;
  if (!isWeekday(day) || chance(seed, `day-full:${departmentId}:${day}`) < 0.12)
    return { date, availableSlots: [], allDaySlotAvailable: false };
  const availableSlots = SLOT_TIMES.filter(
    (time) =>
      chance(seed, `slot:${departmentId}:${day}:${time}`) < 0.45 &&
      !booked.has(bookedSlotKey(departmentId, `${day}T${time}:00`, false)),
  );
  const allDaySlotAvailable =
    chance(seed, `all-day:${departmentId}:${day}`) < 0.4 &&
    !booked.has(bookedSlotKey(departmentId, `${day}T08:00:00`, true));
  return { date, availableSlots, allDaySlotAvailable };
}

/** Weekdays from `fromDay` (never before tomorrow) to the end of the 12-week horizon. */
export function timeslotDays(
  seed: number,
  departmentId: number,
  fromDay: string,
  now: Date,
  booked: BookedSlots,
): TimeslotDay[] {
  const today = stockholmToday(now);
  const first = fromDay > today ? fromDay : addDays(today, 1);
  return daysBetween(first, addDays(today, BOOKING_HORIZON_DAYS))
    .filter(isWeekday)
    .map((day) => timeslotDay(seed, departmentId, day, booked));
}

export function firstTimeSlot(seed: number, departmentId: number, now: Date, booked: BookedSlots): string | null {
  const today = stockholmToday(now);
  // Day by day, stopping at the first free one: the stream asks this for every workshop it sends.
  for (const date of daysBetween(addDays(today, 1), addDays(today, BOOKING_HORIZON_DAYS)).filter(isWeekday)) {
    const day = timeslotDay(seed, departmentId, date, booked);
    const first = day.availableSlots[0] ?? (day.allDaySlotAvailable ? '08:00' : undefined);
    if (first) return `${day.date.slice(0, 10)}T${first}:00`;
  }
  return null;
}
