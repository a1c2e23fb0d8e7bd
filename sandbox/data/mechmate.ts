import type { MechmateCar, Offering, OfferingCategory } from '../../contracts/upstream/mechmate.js';
import { chance, pickStable } from './deterministic.js';
import { registeredCar } from './vehicles.js';

/**
 * The booking service's cars and offerings. Documented registration numbers behave the same on
 * every seed (QA relies on them, see sandbox/README.md); any other Swedish-format number is a
 * believable car derived from the seed and the number.
 */

const MODELS: Record<string, string[]> = {
  Volvo: ['V60', 'XC60', 'XC40', 'V90', 'XC90', 'S60'],
  Volkswagen: ['Golf', 'Passat', 'Tiguan', 'ID.4', 'Polo'],
  Audi: ['A4', 'A6', 'Q5', 'Q4 e-tron'],
  Skoda: ['Octavia', 'Superb', 'Kodiaq', 'Enyaq'],
  Kia: ['Niro', 'Ceed', 'Sportage', 'EV6'],
  Toyota: ['Corolla', 'RAV4', 'Yaris', 'C-HR'],
  BMW: ['320d', '330e', 'X3', 'i4', 'X5'],
  Ford: ['Focus', 'Kuga', 'Transit Custom'],
  Hyundai: ['i30', 'Tucson', 'Kona', 'Ioniq 5'],
  'Mercedes-Benz': ['C 220 d', 'E 300 e', 'GLC', 'Vito'],
  Renault: ['Clio', 'Captur', 'Megane E-Tech'],
  Peugeot: ['208', '3008', '508'],
  Nissan: ['Qashqai', 'Leaf', 'X-Trail'],
  Mazda: ['CX-5', 'Mazda3', 'CX-30'],
};

const car = (
  registrationNumber: string,
  brand: string,
  model: string,
  buildYear: number,
  extra: Partial<MechmateCar> = {},
): { car: MechmateCar } => ({
  car: { registrationNumber, brand, model, buildYear, hasServiceAgreement: false, isSupported: true, ...extra },
});

/** What the booking service says of some documented cars (the cars themselves are the register's, vehicles.ts). */
const BOOKING_FACTS: Readonly<Record<string, Partial<MechmateCar>>> = {
  /** Prices with `priceDiscount`. */
  SRV100: { hasServiceAgreement: true },
  /** No authorised workshop: the original service is unavailable. */
  TES123: { isSupported: false },
};

/**
 * Documented answers that are errors, whatever the seed (the documented cars are in the register:
 * ERR503's stream sends two workshops then `{error}`, DMC885 gets the booking's joke class label).
 */
export const DOCUMENTED_ERRORS: Readonly<Record<string, { error: string; status: number }>> = {
  NFD404: { error: 'VehicleNotFound', status: 404 },
  BNS999: { error: 'BrandNotSupported, Lada', status: 400 },
};

/** Swedish plates: three letters, two digits, a digit or letter (ABC123, ABC12A). */
export const SWEDISH_PLATE = /^[A-Z]{3}\d{2}[A-Z0-9]$/;

export type CarLookup = { car: MechmateCar } | { error: string; status: number };

/** The Swedish sites' cars for sale: a car bought here is the car the booking finds. */
const SWEDISH_MARKETS = ['se', 'se-used'] as const;

/** The car of a registration number: a documented error, the register's car (vehicles.ts), else one derived from the seed. */
export function lookupCar(seed: number, registrationNumber: string, now: Date = new Date()): CarLookup {
  const reg = registrationNumber.toUpperCase();
  const documentedError = DOCUMENTED_ERRORS[reg];
  if (documentedError) return documentedError;
  if (!SWEDISH_PLATE.test(reg)) return { error: 'InvalidReg', status: 400 };
  const registered = registeredCar(seed, now, reg, SWEDISH_MARKETS);
  if (registered) return car(reg, registered.brand, registered.model, registered.buildYear, BOOKING_FACTS[reg]);
  const brand = pickStable(seed, `car-brand:${reg}`, Object.keys(MODELS));
  const model = pickStable(seed, `car-model:${reg}`, MODELS[brand] ?? ['Standard']);
  const buildYear = 2008 + Math.floor(chance(seed, `car-year:${reg}`) * 18);
  return car(reg, brand, model, buildYear, { hasServiceAgreement: chance(seed, `car-agreement:${reg}`) < 0.1 });
}

// ---------- offerings ----------

type OfferingSeed = Pick<Offering, 'code' | 'name' | 'description'> &
  Partial<Omit<Offering, 'code' | 'name' | 'description'>>;
interface CategorySeed {
  name: string;
  icon: string;
  selectionType?: string | null;
  offerings: OfferingSeed[];
}

const UNKNOWN_PRICE = 'Pris lämnas av verkstaden';

export const SERVICE_CATEGORIES: CategorySeed[] = [
  {
    name: 'Service',
    icon: 'service',
    offerings: [
      {
        code: 'originalservice',
        name: 'Service enligt serviceprogram',
        description: 'Service enligt tillverkarens serviceprogram, med bibehållen nybilsgaranti.',
        price: 3990,
      },
      { code: 'oilservice', name: 'Oljeservice', description: 'Byte av motorolja och oljefilter.', price: 1795 },
    ],
  },
  {
    name: 'Däck och hjul',
    icon: 'tire',
    offerings: [
      { code: 'tirechange', name: 'Hjulskifte', description: 'Skifte mellan sommar- och vinterhjul.', price: 495 },
      {
        code: 'wheelalignment',
        name: 'Hjulinställning',
        description: 'Mätning och justering av hjulvinklar.',
        price: 1295,
      },
    ],
  },
  {
    name: 'Reparation',
    icon: 'repair',
    offerings: [
      {
        code: 'brakes',
        name: 'Bromsar',
        description: 'Kontroll och byte av bromsbelägg och skivor.',
        price: null,
        priceKnown: false,
        notKnownPriceText: UNKNOWN_PRICE,
      },
      {
        code: 'diagnostics',
        name: 'Felsökning',
        description: 'Beskriv vad du har märkt, så felsöker vi.',
        price: 895,
        allowUserInput: true,
      },
      { code: 'acservice', name: 'AC-service', description: 'Kontroll och påfyllning av köldmedium.', price: 1495 },
    ],
  },
  {
    name: 'Glas',
    icon: 'glass',
    offerings: [
      { code: 'chiprepair', name: 'Stenskottslagning', description: 'Lagning av stenskott i vindrutan.', price: 595 },
      {
        code: 'windscreen',
        name: 'Rutbyte',
        description: 'Byte av vindruta.',
        price: null,
        priceKnown: false,
        notKnownPriceText: UNKNOWN_PRICE,
      },
    ],
  },
];

export const ADDON_CATEGORIES: CategorySeed[] = [
  {
    name: 'Torkarblad',
    icon: 'wiper',
    selectionType: 'single',
    offerings: [
      { code: 'wiperfront', name: 'Torkarblad fram', description: 'Nya torkarblad fram.', price: 495 },
      { code: 'wiperall', name: 'Torkarblad fram och bak', description: 'Nya torkarblad runt om.', price: 695 },
    ],
  },
  {
    name: 'Tvätt',
    icon: 'wash',
    selectionType: 'single',
    offerings: [
      { code: 'washexterior', name: 'Utvändig tvätt', description: 'Handtvätt utvändigt.', price: 295 },
      { code: 'washfull', name: 'Helrekond', description: 'Rekond in- och utvändigt.', price: 1995 },
    ],
  },
  {
    name: 'Vätskor',
    icon: 'fluid',
    selectionType: null,
    offerings: [
      {
        code: 'washerfluid',
        name: 'Spolarvätska',
        description: 'Påfyllning av spolarvätska.',
        price: 49,
        unitPrice: { minimum: 1, maximum: 10, unit: 'Liter', unitAbbreviation: 'l', postfix: '/l' },
      },
      {
        code: 'adblue',
        name: 'AdBlue',
        description: 'Påfyllning av AdBlue (dieselbilar).',
        price: 29,
        unitPrice: { minimum: 5, maximum: 20, unit: 'Liter', unitAbbreviation: 'l', postfix: '/l' },
      },
    ],
  },
  {
    name: 'Övrigt',
    icon: 'other',
    selectionType: null,
    offerings: [
      {
        code: 'bulbs',
        name: 'Byte av glödlampor',
        description: 'Byte av trasiga lampor.',
        price: 149,
        unitPrice: { minimum: 1, maximum: 6, unit: 'Styck', unitAbbreviation: 'st', postfix: '/st' },
      },
      {
        code: 'loancar',
        name: 'Lånebil',
        description: 'Lånebil under verkstadsbesöket, i mån av tillgång.',
        price: 395,
        isAvailable: false,
      },
      {
        code: 'otherrequest',
        name: 'Övrigt önskemål',
        description: 'Berätta vad mer vi kan hjälpa till med.',
        price: 0,
        allowUserInput: true,
      },
    ],
  },
];

export const ALL_OFFERING_CODES = new Set(
  [...SERVICE_CATEGORIES, ...ADDON_CATEGORIES].flatMap((c) => c.offerings.map((o) => o.code)),
);

/** Price factor of one car: newer and premium cars cost more to service. */
function carPriceFactor(seed: number, mechmateCar: MechmateCar): number {
  const premium = ['BMW', 'Porsche', 'Mercedes-Benz', 'Audi', 'Land Rover', 'Jaguar', 'Lexus'].includes(
    mechmateCar.brand,
  )
    ? 1.25
    : 1;
  return premium * (0.9 + chance(seed, `price-factor:${mechmateCar.registrationNumber}`) * 0.2);
}

const roundToKronor = (price: number) => Math.round(price / 5) * 5;

/** An offering as one car sees it; `workshopFactor` spreads prices around the median per workshop. */
export function priceOffering(
  seed: number,
  mechmateCar: MechmateCar,
  offering: OfferingSeed,
  workshopFactor = 1,
): Offering {
  const carFactor =
    offering.code === 'originalservice' || offering.code === 'oilservice' ? carPriceFactor(seed, mechmateCar) : 1;
  const price = offering.price == null ? null : roundToKronor(offering.price * carFactor * workshopFactor);
  return {
    code: offering.code,
    name: offering.name,
    description: offering.description,
    price,
    priceKnown: offering.priceKnown ?? price !== null,
    notKnownPriceText: offering.notKnownPriceText ?? null,
    priceDiscount: mechmateCar.hasServiceAgreement && price ? roundToKronor(price * 0.8) : null,
    isAvailable: offering.isAvailable ?? true,
    unitPrice: offering.unitPrice ?? null,
    allowUserInput: offering.allowUserInput ?? false,
  };
}

export function categoriesFor(
  seed: number,
  mechmateCar: MechmateCar,
  categories: CategorySeed[],
  withSelectionType: boolean,
): OfferingCategory[] {
  return categories.map((category) => ({
    name: category.name,
    icon: category.icon,
    offerings: category.offerings.map((offering) => priceOffering(seed, mechmateCar, offering)),
    ...(withSelectionType ? { selectionType: category.selectionType ?? null } : {}),
  }));
}

export function findOfferingSeed(code: string): OfferingSeed | undefined {
  return [...SERVICE_CATEGORIES, ...ADDON_CATEGORIES].flatMap((c) => c.offerings).find((o) => o.code === code);
}
