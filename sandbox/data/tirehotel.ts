import type { TirehotelVehicle } from '../../contracts/upstream/tirehotel.js';
import { chance, memoisePerSeed } from './deterministic.js';
import { seededFaker } from './random.js';
import { DOCUMENTED_CARS } from './vehicles.js';
import { addDays, addMonths, daysBetween, isWeekday, stockholmToday } from './stockholmCalendar.js';

/**
 * Tire-hotel agreements. Registration numbers, phone numbers and one-time codes are fixed on
 * every seed so QA can log in (sandbox/README.md); the cars are the register's (vehicles.ts), the
 * stored tires are seeded.
 */

interface AgreementSeed {
  regNo: string;
  oneTimeCode: string;
  phone: string;
  /** The brand as the tire hotel's systems code it; the car itself is the register's (vehicles.ts). */
  brandCode: string;
  packageLevel: string;
  erpId: string;
  /** threadStatusId of LF, RF, LR, RR. */
  treadStatuses: [number, number, number, number];
}

export const TIRE_AGREEMENTS: readonly AgreementSeed[] = [
  {
    regNo: 'ABC123',
    oneTimeCode: '1234',
    phone: '0701234567',
    brandCode: 'VOL',
    packageLevel: 'Premium',
    erpId: 'TH1001',
    treadStatuses: [0, 0, 1, 1],
  },
  {
    regNo: 'DEF456',
    oneTimeCode: '4567',
    phone: '0739876543',
    brandCode: 'KIA',
    packageLevel: 'Bas',
    erpId: 'TH1002',
    treadStatuses: [0, 0, 0, 0],
  },
  {
    regNo: 'GHI789',
    oneTimeCode: '7890',
    phone: '0765550123',
    brandCode: 'VW',
    packageLevel: 'Plus',
    erpId: 'TH1003',
    treadStatuses: [2, 0, 0, 1],
  },
  {
    regNo: 'JKL012',
    oneTimeCode: '0123',
    phone: '0723334455',
    brandCode: 'BMW',
    packageLevel: 'Premium',
    erpId: 'TH1004',
    treadStatuses: [0, 0, 0, 0],
  },
  {
    regNo: 'MNO345',
    oneTimeCode: '3456',
    phone: '0709998877',
    brandCode: 'TOY',
    packageLevel: 'Bas',
    erpId: 'TH1005',
    treadStatuses: [0, 1, 0, 0],
  },
];

interface TireLocation {
  erpId: string;
  locationName: string;
  departmentName: string;
  address: string;
  phone: string;
  email: string;
  /** Designed test cases: a workshop with no free dates, and one whose days have no times. */
  calendar: 'normal' | 'no-dates' | 'no-times';
}

export const TIRE_LOCATIONS: readonly TireLocation[] = [
  {
    erpId: 'TH1001',
    locationName: 'Bilcentrum Göteborg',
    departmentName: 'Däckhotell Hisingen',
    address: 'Importgatan 12, 422 46 Hisings Backa',
    phone: '031-123 45 00',
    email: 'dackhotell.goteborg@hedinautomotive.se',
    calendar: 'normal',
  },
  {
    erpId: 'TH1002',
    locationName: 'Motorhallen Malmö',
    departmentName: 'Däckhotell Malmö',
    address: 'Stenyxegatan 5, 213 76 Malmö',
    phone: '040-22 33 00',
    email: 'dackhotell.malmo@hedinautomotive.se',
    calendar: 'normal',
  },
  {
    erpId: 'TH1003',
    locationName: 'Bilgruppen Uppsala',
    departmentName: 'Däckhotell Uppsala',
    address: 'Fyrislundsgatan 70, 754 50 Uppsala',
    phone: '018-44 55 00',
    email: 'dackhotell.uppsala@hedinautomotive.se',
    calendar: 'normal',
  },
  {
    erpId: 'TH1004',
    locationName: 'Bilcentrum Stockholm',
    departmentName: 'Däckhotell Bromma',
    address: 'Ulvsundavägen 106, 168 67 Bromma',
    phone: '08-555 123 00',
    email: 'dackhotell.bromma@hedinautomotive.se',
    calendar: 'no-dates',
  },
  {
    erpId: 'TH1005',
    locationName: 'Motorhallen Linköping',
    departmentName: 'Däckhotell Linköping',
    address: 'Roxtorpsgatan 8, 582 73 Linköping',
    phone: '013-12 12 00',
    email: 'dackhotell.linkoping@hedinautomotive.se',
    calendar: 'no-times',
  },
];

export const findAgreement = (regNo: string) => TIRE_AGREEMENTS.find((a) => a.regNo === regNo.toUpperCase());
export const findTireLocation = (erpId: string) => TIRE_LOCATIONS.find((l) => l.erpId === erpId);

/** `0701234567` → `070-*** ** 67` */
export function obfuscatePhone(phone: string): string {
  return `${phone.slice(0, 3)}-*** ** ${phone.slice(-2)}`;
}

const TREAD_MESSAGES = ['Däcken är i gott skick', 'Byte rekommenderas', 'Slitna däck, nära lagkravet'];

export const vehiclesForSeed = memoisePerSeed((seed): Map<string, TirehotelVehicle> => {
  const faker = seededFaker(seed, 'sv', 'tirehotel-vehicles');
  const vehicles = new Map<string, TirehotelVehicle>();
  for (const agreement of TIRE_AGREEMENTS) {
    const location = findTireLocation(agreement.erpId)!;
    const tire = faker.helpers.arrayElement([
      'Nokian Hakkapeliitta R5',
      'Michelin X-Ice Snow',
      'Continental VikingContact 8',
      'Bridgestone Blizzak LM005',
    ]);
    const [sectionWidth, aspectRatio, rimDiameter] = faker.helpers.arrayElement([
      [205, 55, 16],
      [225, 55, 17],
      [235, 50, 19],
      [215, 60, 17],
    ] as const);
    const car = DOCUMENTED_CARS[agreement.regNo]!;
    vehicles.set(agreement.regNo, {
      regNo: agreement.regNo,
      name: `${car.brand} ${car.model}`,
      brand: car.brand,
      brandCode: agreement.brandCode,
      model: car.model,
      productId: `DH-${faker.string.numeric(6)}`,
      packageLevel: agreement.packageLevel,
      location: {
        locationName: location.locationName,
        departmentName: location.departmentName,
        erpId: location.erpId,
        phone: location.phone,
        email: location.email,
      },
      tires: (['LF', 'RF', 'LR', 'RR'] as const).map((equipmentPosition, index) => {
        const threadStatusId = agreement.treadStatuses[index]!;
        return {
          equipmentPosition,
          wheel: {
            name: tire,
            rimDiameter,
            sectionWidth,
            aspectRatio,
            threadPattern: 'Vinter, dubbfritt',
            // Depth follows the status: under 4 mm a change is recommended, under 3 mm the tire is worn.
            threadDepth: [faker.number.float({ min: 5, max: 8, fractionDigits: 1 }), 3.6, 2.8][threadStatusId] ?? 5,
            threadStatusId,
            threadStatusMessage: TREAD_MESSAGES[threadStatusId] ?? '',
          },
        };
      }),
    });
  }
  return vehicles;
});

export const TIRE_SLOT_TIMES = ['07:30', '08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];

/** Free days: weekdays from 3 days to 3 months ahead (§9), some fully booked. */
export function availableTireDays(seed: number, erpId: string, now: Date): string[] {
  const location = findTireLocation(erpId);
  if (!location || location.calendar === 'no-dates') return [];
  const today = stockholmToday(now);
  return daysBetween(addDays(today, 3), addMonths(today, 3)).filter(
    (day) => isWeekday(day) && chance(seed, `tire-day:${erpId}:${day}`) >= 0.25,
  );
}

/** Start times of one free day, as local date-times; none at a 'no-times' workshop. */
export function tireStartTimes(
  seed: number,
  erpId: string,
  day: string,
  now: Date,
  taken: ReadonlySet<string>,
): string[] {
  const location = findTireLocation(erpId);
  if (location?.calendar !== 'normal' || !availableTireDays(seed, erpId, now).includes(day)) return [];
  return TIRE_SLOT_TIMES.filter((time) => chance(seed, `tire-slot:${erpId}:${day}:${time}`) < 0.6)
    .map((time) => `${day}T${time}:00`)
    .filter((start) => !taken.has(`${erpId}|${start}`));
}
