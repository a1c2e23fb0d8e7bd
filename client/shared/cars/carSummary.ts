import type { Car } from '../../../contracts/upstream/search.js';
import { mediaUrl } from '../media/mediaUrl.js';
import type { CardQuote } from './cardQuote.js';

/**
 * What a car card and the compare list need of a car: small enough to serialise into island props
 * and sessionStorage. `image` is already the /media relay path.
 */
export interface CarSummary {
  id: string;
  slug: string;
  brand: string;
  model: string;
  variant: string;
  body: string;
  year: number;
  /** Odometer in km (cards on the Swedish sites show mil). */
  mileageKm: number;
  fuel: string;
  gearbox: string;
  powerHp: number;
  /** What the shopper pays: the campaign price when there is one. */
  price: number;
  retailPrice: number;
  campaignPrice: number | null;
  currency: Car['car_currency'];
  vatEligible: boolean;
  /** 'LCV' prices are shown without VAT. */
  vehicleTypeCode: Car['car_vehicle_type_code'];
  isNew: boolean;
  image: string;
  /** The private loan offer's monthly payment (the index's `car_monthly_payment`); null without finance. */
  monthlyPayment: number | null;
  /** The UK's representative quote, added by the BFF (server/catalogue/cardQuotes.ts) where it has one. */
  quote?: CardQuote;
  /** Where the car stands (its site), for the distance 'nearest first' shows. */
  position: { lat: number; lng: number };
}

/** The search `fields` projection that is enough for `toCarSummary` (lists ask only for these). */
export const CAR_SUMMARY_FIELDS = [
  'car_id',
  'slug',
  'car_brand',
  'car_model',
  'car_variant',
  'car_body',
  'car_year',
  'car_mileage',
  'car_fuel',
  'car_gearbox',
  'car_power',
  'car_price',
  'car_retail_price',
  'car_campaign_price',
  'car_currency',
  'car_vat_eligible',
  'car_vehicle_type_code',
  'car_is_new',
  'car_primary_image',
  'car_monthly_payment',
  'car_geocoord',
] as const satisfies readonly (keyof Car)[];

export type CarSummarySource = Pick<Car, (typeof CAR_SUMMARY_FIELDS)[number]>;

export function toCarSummary(car: CarSummarySource): CarSummary {
  return {
    id: car.car_id,
    slug: car.slug,
    brand: car.car_brand,
    model: car.car_model,
    variant: car.car_variant,
    body: car.car_body,
    year: car.car_year,
    mileageKm: car.car_mileage,
    fuel: car.car_fuel,
    gearbox: car.car_gearbox,
    powerHp: car.car_power,
    price: car.car_price,
    retailPrice: car.car_retail_price,
    campaignPrice: car.car_campaign_price,
    currency: car.car_currency,
    vatEligible: car.car_vat_eligible,
    vehicleTypeCode: car.car_vehicle_type_code,
    isNew: car.car_is_new,
    image: mediaUrl(car.car_primary_image),
    monthlyPayment: car.car_monthly_payment,
    position: car.car_geocoord,
  };
}

/** The car detail page of a car (a summary or a search document): `{carDetailBase}/{car_id}/{slug}`. */
export function carDetailPath(
  carDetailBase: string,
  car: Pick<CarSummary, 'id' | 'slug'> | Pick<Car, 'car_id' | 'slug'>,
): string {
  const id = 'car_id' in car ? car.car_id : car.id;
  return `${carDetailBase}/${encodeURIComponent(id)}/${encodeURIComponent(car.slug)}`;
}
