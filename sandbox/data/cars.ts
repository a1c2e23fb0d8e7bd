import type { Faker } from '@faker-js/faker';
import type { Car, Site } from '../../contracts/upstream/search.js';
import {
  CAR_CATALOGUE,
  MARKET_BRANDS,
  fuelOfVariant,
  localModelName,
  localVariant,
  type CatalogueModel,
} from './car-catalogue.js';
import { MARKET_PROFILES, type MarketProfile } from './market-profiles.js';
import { financeOptions } from './car-finance.js';
import { representativeQuote } from './codeweaverQuotes.js';
import { seededFaker, slugify } from './random.js';
import { COLORS, VOCABULARIES, inSentence, type Drive, type Vocabulary } from './vocabulary.js';
import { carPhotoUrls, type CarSubject } from './pictures.js';

const REAR_DRIVEN_BRANDS = new Set(['BMW', 'Porsche', 'Mercedes-Benz', 'Tesla', 'Polestar', 'BYD']);
const AWD_VARIANT = /AWD|xDrive|4MATIC|quattro|4x4|ALL4|Dual Motor|Twin Motor|GTX|Turbo|4S|Performance|Raptor/i;

function registrationNumber(market: MarketProfile['id'], faker: Faker): string {
  const letters = (n: number) =>
    faker.string.alpha({ length: n, casing: 'upper', exclude: ['I', 'O', 'Q', 'Å', 'Ä', 'Ö'] });
  const digits = (n: number) => faker.string.numeric({ length: n, allowLeadingZeros: true });
  switch (market) {
    case 'fi':
      return `${letters(3)}-${digits(3)}`;
    case 'no':
      return `${letters(2)} ${digits(5)}`;
    case 'sk':
      return `BA-${digits(3)}${letters(2)}`;
    case 'uk':
      return `${letters(2)}${digits(2)} ${letters(3)}`;
    default:
      return `${letters(3)} ${digits(2)}${faker.datatype.boolean() ? letters(1) : digits(1)}`;
  }
}

/** Prices end like dealers print them: 349 900 kr, 32 490 €, £27,995. */
function roundPrice(amount: number, profile: MarketProfile): number {
  const rounded = Math.max(1, Math.round(amount / profile.priceStep)) * profile.priceStep;
  return rounded - profile.priceStep / 10;
}

function driveOf(model: CatalogueModel, variant: string): Drive {
  if (AWD_VARIANT.test(variant) || model.body === 'pickup') return 'awd';
  return REAR_DRIVEN_BRANDS.has(model.brand) ? 'rwd' : 'fwd';
}

function describe(vocabulary: Vocabulary, faker: Faker, fill: Record<string, string>): string {
  const sentences = [
    vocabulary.descriptions[0]!,
    vocabulary.descriptions[1]!,
    ...faker.helpers.arrayElements(vocabulary.descriptions.slice(2), { min: 1, max: 3 }),
  ];
  return sentences.map((s) => s.replace(/\{(\w+)\}/g, (_, key: string) => fill[key] ?? '')).join(' ');
}

function generateMarketCars(seed: number, profile: MarketProfile, sites: Site[], anchor: Date, firstId: number): Car[] {
  const faker = seededFaker(seed, profile.language, `cars-${profile.id}`);
  const vocabulary = VOCABULARIES[profile.language];
  const brands = MARKET_BRANDS[profile.id];
  const models = brands ? CAR_CATALOGUE.filter((c) => brands.includes(c.brand)) : CAR_CATALOGUE;
  const thisYear = anchor.getUTCFullYear();

  return Array.from({ length: profile.carCount }, (_, i): Car => {
    const listed = listedCar(i);
    return {
      ...listed,
      car_monthly_payment: monthlyPaymentOf(listed, profile, anchor),
      car_geocoord: { ...sites.find((s) => s.site_id === listed.car_site_id)!.site_geocoord },
    };
  });

  function listedCar(i: number): Omit<Car, 'car_monthly_payment' | 'car_geocoord'> {
    const carId = String(firstId + i);
    const model = faker.helpers.arrayElement(models);
    const variant = faker.helpers.arrayElement(model.variants);
    const modelName = localModelName(model.model, profile.language);
    const variantName = localVariant(variant, profile.language);
    const isNew = !profile.usedOnly && faker.datatype.boolean(0.3);
    const year = isNew
      ? thisYear
      : faker.number.int({ min: Math.max(model.firstYear ?? 2014, thisYear - 10), max: thisYear - 1 });
    const age = thisYear - year;
    const mileage = isNew
      ? faker.number.int({ min: 0, max: 50 })
      : Math.round(
          (age * faker.number.int({ min: 6000, max: 22000 }) + faker.number.int({ min: 500, max: 9000 })) / 10,
        ) * 10;
    const fuel = fuelOfVariant(model, variant, faker.helpers.arrayElement(model.fuels));
    const electric = fuel === 'electric';
    const automatic = electric || fuel === 'hybrid' || fuel === 'pluginHybrid' || faker.datatype.boolean(0.75);
    const drive = driveOf(model, variant);
    const power = faker.number.int({ min: model.power[0], max: model.power[1] });
    const color = faker.helpers.arrayElement(COLORS);
    const lcv = model.lcv === true;

    const sellingSites = sites.filter((s) => profile.usedOnly || s.site_brands.includes(model.brand));
    const site = faker.helpers.arrayElement(sellingSites.length > 0 ? sellingSites : sites);
    const salesDepartment =
      site.site_departments.find((d) => d.group === 'Sales' || d.group === 'Used cars') ?? site.site_departments[0]!;
    const isSample = isNew && !lcv && faker.datatype.boolean(0.25);
    const sellers = faker.helpers
      .arrayElements(salesDepartment.users, isSample ? { min: Math.min(2, salesDepartment.users.length), max: 4 } : 1)
      .map((u) => ({ name: u.name, email: u.email, phone: u.phone, title: u.title }));

    // Value falls about 12 % a year and a little per 10,000 km.
    const value =
      model.priceEur *
      (1 + (power - model.power[0]) / (model.power[0] * 3)) *
      Math.pow(0.88, age) *
      (1 - Math.min(0.3, mileage / 1_000_000));
    const retailPrice = roundPrice(value * profile.eurRate, profile);
    const hasCampaign = faker.datatype.boolean(isNew ? 0.35 : 0.15);
    const campaignPrice = hasCampaign
      ? roundPrice(retailPrice * faker.number.float({ min: 0.88, max: 0.97 }), profile)
      : null;
    const price = campaignPrice ?? retailPrice;

    const imageCount = faker.number.int({ min: 1, max: 12 });
    const pictured: CarSubject = {
      carId,
      brand: model.brand,
      model: modelName,
      body: model.body,
      colorKey: color,
      site: site.site_geocoord,
    };
    const images = carPhotoUrls('car', pictured, imageCount);
    const equipment = faker.helpers.arrayElements(vocabulary.equipment, { min: 6, max: 16 });
    const registration = isNew ? null : registrationNumber(profile.id, faker);
    const firstRegistration = isNew
      ? null
      : `${year}-${String(faker.number.int({ min: 1, max: 12 })).padStart(2, '0')}-${String(faker.number.int({ min: 1, max: 28 })).padStart(2, '0')}`;
    const engineSize = electric ? null : Math.round(faker.number.int({ min: 1000, max: 2998 }) / 100) * 100 - 2;
    const co2 = electric
      ? 0
      : fuel === 'pluginHybrid'
        ? faker.number.int({ min: 18, max: 45 })
        : faker.number.int({ min: 95, max: 210 });
    const consumption = electric ? null : Number((co2 / 23.5).toFixed(1));
    const battery = electric
      ? faker.number.int({ min: 50, max: 105 })
      : fuel === 'pluginHybrid'
        ? faker.number.int({ min: 12, max: 25 })
        : null;
    const range = battery === null ? null : electric ? battery * faker.number.int({ min: 5, max: 7 }) : battery * 4;
    const published = new Date(anchor.getTime() - faker.number.int({ min: 0, max: 180 * 24 * 60 }) * 60_000);
    const t = vocabulary.technical;
    const technical = [
      [t.modelYear, String(year)],
      [t.mileage, `${mileage} km`],
      [t.fuel, vocabulary.fuel[fuel]],
      [t.gearbox, automatic ? vocabulary.gearbox.automatic : vocabulary.gearbox.manual],
      [t.power, `${power} hp (${Math.round(power * 0.7355)} kW)`],
      [t.drive, vocabulary.drive[drive]],
      [t.color, vocabulary.color[color]],
      [t.seats, String(lcv ? 3 : model.body === 'coupe' ? 4 : 5)],
      [t.doors, String(model.body === 'coupe' || model.body === 'convertible' ? 2 : lcv ? 4 : 5)],
      ...(engineSize
        ? [
            [t.engineSize, `${engineSize} cm³`],
            [t.co2, `${co2} g/km`],
            [t.consumption, `${consumption} l/100 km`],
          ]
        : []),
      ...(battery
        ? [
            [t.battery, `${battery} kWh`],
            [t.range, `${range} km`],
          ]
        : []),
      ...(registration
        ? [
            [t.registration, registration],
            [t.firstRegistration, firstRegistration!],
          ]
        : []),
    ].map(([label, value]) => ({ label: label!, value: value! }));

    return {
      car_id: carId,
      slug: slugify(`${model.brand} ${modelName} ${variantName} ${year}`),
      car_market: profile.id,
      car_brand: model.brand,
      car_model: modelName,
      car_variant: variantName,
      car_body: vocabulary.body[model.body],
      car_year: year,
      car_fuel: vocabulary.fuel[fuel],
      car_gearbox: automatic ? vocabulary.gearbox.automatic : vocabulary.gearbox.manual,
      car_drive: vocabulary.drive[drive],
      car_color: vocabulary.color[color],
      car_seats: lcv ? 3 : model.body === 'coupe' ? 4 : 5,
      car_doors: model.body === 'coupe' || model.body === 'convertible' ? 2 : lcv ? 4 : 5,
      car_mileage: mileage,
      car_power: power,
      car_power_kw: Math.round(power * 0.7355),
      car_engine_size_cc: engineSize,
      car_co2: co2,
      car_fuel_consumption: consumption,
      car_battery_capacity_kwh: battery,
      car_range_km: range,
      car_registration_number: registration,
      car_first_registration: firstRegistration,
      car_vin: faker.vehicle.vin(),
      car_price: price,
      car_campaign_price: campaignPrice,
      car_retail_price: retailPrice,
      car_has_campaign: hasCampaign,
      car_currency: profile.currency,
      car_vat_eligible: lcv || isNew || faker.datatype.boolean(0.35),
      car_vehicle_type_code: lcv ? 'LCV' : 'PC',
      car_vehicle_type: vocabulary.vehicleType[lcv ? 'LCV' : 'PC'],
      car_condition: isNew ? vocabulary.condition.new : vocabulary.condition.used,
      car_is_new: isNew,
      car_is_sample: isSample,
      car_images: images,
      car_primary_image: images[0]!,
      car_media_360: profile.id === 'uk' && faker.datatype.boolean(0.4) ? carPhotoUrls('car360', pictured, 12) : [],
      car_equipment: equipment,
      car_description: describe(vocabulary, faker, {
        brand: model.brand,
        model: `${modelName} ${variantName}`,
        year: String(year),
        color: vocabulary.describedColor[color],
        eq1: inSentence(equipment[0]!),
        eq2: inSentence(equipment[1]!),
        city: site.site_city,
      }),
      car_technical_data: technical,
      car_sellers: sellers,
      // Drawn here, in the order the seeded data has always been drawn.
      ...financeOptions(price, isNew, profile, faker),
      car_site_id: site.site_id,
      car_site_name: site.site_official_name,
      car_site_region: site.site_region,
      car_city: site.site_city,
      car_published_at: published.toISOString(),
    };
  }
}

const KM_PER_MILE = 1.609344;

/**
 * The UK stock feed indexes the finance service's representative payment (its first default quote) for the
 * car as the BFF's finance card asks it: price, odometer in miles, first registration.
 */
function ukMonthlyPayment(
  price: number,
  isNew: boolean,
  mileageKm: number,
  firstRegistration: string | null,
  anchor: Date,
): number {
  const vehicle = {
    RegNo: 'FEED',
    CashPrice: price,
    IsNew: isNew,
    CurrentMileage: Math.round(mileageKm / KM_PER_MILE),
    RegistrationDate: firstRegistration,
  };
  return representativeQuote(vehicle, anchor).Payment;
}

/** What a card shows a month: the private loan offer's payment; on the UK the finance service's representative quote's. */
function monthlyPaymentOf(
  car: Pick<Car, 'car_loan_options' | 'car_price' | 'car_is_new' | 'car_mileage' | 'car_first_registration'>,
  profile: MarketProfile,
  anchor: Date,
): number | null {
  if (profile.id === 'uk')
    return ukMonthlyPayment(car.car_price, car.car_is_new, car.car_mileage, car.car_first_registration, anchor);
  return car.car_loan_options.find((option) => option.type === 'Private')?.monthly_payment ?? null;
}

/** Every market's cars; ids are numeric strings unique across markets (se 100001…, se-used 200001…). */
export function generateCars(seed: number, sitesByMarket: Map<string, Site[]>, anchor: Date): Map<string, Car[]> {
  return new Map(
    MARKET_PROFILES.map((profile, m) => [
      profile.id,
      generateMarketCars(seed, profile, sitesByMarket.get(profile.id) ?? [], anchor, (m + 1) * 100_000 + 1),
    ]),
  );
}
