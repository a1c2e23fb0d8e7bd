import { formatMileage, formatPrice } from '../../../client/shared/cars/formatCar.js';
import { carCardTextsOf } from '../../../client/cars/carCardTexts.js';
import type { Language, Market } from '../../../markets/schema.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import type { Car } from '../../../contracts/upstream/search.js';
import type { PageHead } from '../../pageHead.js';
import { absoluteUrl, sharedPictureSize, sharedPictureUrl } from '../../seo/siteOrigin.js';

/** A car photo's shape, as the gallery shows it (client/islands/carGallery/CarGallery.tsx). */
const CAR_PHOTO_SHAPE = [4, 3] as const;

interface HeadContext {
  market: Market;
  language: Language;
  t: Translate;
  /** '' or '/sv': public paths carry it. */
  languagePrefix: string;
  /** Where absolute URLs point (server/markets/siteOrigin.ts). */
  origin: string;
}

export function carTitle(car: Pick<Car, 'car_brand' | 'car_model' | 'car_variant'>): string {
  return `${car.car_brand} ${car.car_model} ${car.car_variant}`.trim();
}

/** The breadcrumb trail of a car page (home, the car list, the car), as paths without the language prefix (the views add it). */
export function carBreadcrumbs(car: Car, market: Market, t: Translate): { name: string; path: string }[] {
  return [
    { name: t('layout.breadcrumbHome'), path: '/' },
    { name: t('carDetail.breadcrumbCars'), path: market.paths.carList },
    {
      name: carTitle(car),
      path: `${market.paths.carDetailBase}/${encodeURIComponent(car.car_id)}/${encodeURIComponent(car.slug)}`,
    },
  ];
}

/** Title, description and structured data (schema.org Car with its offer, and the BreadcrumbList) of a car page. */
export function carDetailHead(car: Car, context: HeadContext): PageHead {
  const { market, language, t, origin } = context;
  const { format } = carCardTextsOf(t, market, language);
  const crumbs = carBreadcrumbs(car, market, t);
  const url = absoluteUrl(origin, `${context.languagePrefix}${crumbs[crumbs.length - 1]!.path}`);
  const price = formatPrice(car.car_price, car.car_currency, format.locale);
  const condition = car.car_is_new ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition';
  const carData = {
    '@type': 'Car',
    name: carTitle(car),
    url,
    description: car.car_description,
    image: car.car_images.slice(0, 5).map((src) => sharedPictureUrl(origin, src)),
    brand: { '@type': 'Brand', name: car.car_brand },
    model: car.car_model,
    vehicleModelDate: String(car.car_year),
    bodyType: car.car_body,
    fuelType: car.car_fuel,
    vehicleTransmission: car.car_gearbox,
    driveWheelConfiguration: car.car_drive,
    color: car.car_color,
    numberOfDoors: car.car_doors,
    seatingCapacity: car.car_seats,
    vehicleIdentificationNumber: car.car_vin,
    itemCondition: condition,
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.car_mileage, unitCode: 'KMT' },
    vehicleEngine: {
      '@type': 'EngineSpecification',
      enginePower: { '@type': 'QuantitativeValue', value: car.car_power_kw, unitCode: 'KWT' },
    },
    ...(car.car_first_registration ? { dateVehicleFirstRegistered: car.car_first_registration } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: car.car_price,
      priceCurrency: car.car_currency,
      availability: 'https://schema.org/InStock',
      itemCondition: condition,
      seller: {
        '@type': 'AutoDealer',
        name: car.car_site_name,
        address: { '@type': 'PostalAddress', addressLocality: car.car_city },
      },
    },
  };
  return {
    title: `${carTitle(car)}, ${car.car_year}`,
    description: t('carDetail.metaDescription', {
      car: carTitle(car),
      year: car.car_year,
      mileage: formatMileage(car.car_mileage, format),
      price,
      site: car.car_site_name,
    }),
    structuredData: [carData],
    breadcrumbs: crumbs,
    // A shared link shows the car: its first photo, stripped by the pipeline, at the width link previews ask for.
    image: { src: car.car_images[0]!, alt: carTitle(car), size: sharedPictureSize(CAR_PHOTO_SHAPE) },
    ogType: 'product',
    product: { price: car.car_price, currency: car.car_currency, condition: car.car_is_new ? 'new' : 'used' },
  };
}
