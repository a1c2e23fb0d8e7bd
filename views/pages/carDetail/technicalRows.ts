import { formatMileage, formatNumber, type CarFormat } from '../../../client/shared/cars/formatCar.js';
import { formatMarketDate } from '../../../client/shared/marketDate.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { mileageLabelKey } from '../../../client/cars/carCardTexts.js';
import type { Market } from '../../../markets/schema.js';
import { carValueText } from '../../../markets/translations/carValues.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import { numberFormat } from '../../../client/shared/format/intlFormats.js';

/** UK fuel economy: miles per imperial gallon from litres per 100 km. */
const MPG_TIMES_L_PER_100KM = 282.481;

/**
 * The technical data, built from the car's own fields rather than the service's ready-made text rows
 * (which are in the market's first language, with ISO dates and km): labels from the translations,
 * values in the page's language, every number, date and distance in the market's formats and unit.
 */
export function technicalRows(
  car: Car,
  market: Market,
  t: Translate,
  format: CarFormat,
): { label: string; value: string }[] {
  const { locale } = format;
  const decimal = (value: number) => numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  const rows: [string, string | null][] = [
    [t('carDetail.year'), String(car.car_year)],
    [t(mileageLabelKey(market.distanceUnit)), formatMileage(car.car_mileage, format)],
    [t('carDetail.fuel'), carValueText(market, t, 'fuel', car.car_fuel)],
    [t('carDetail.gearbox'), carValueText(market, t, 'gearbox', car.car_gearbox)],
    [
      t('carDetail.power'),
      t('carDetail.powerKwValue', {
        hp: formatNumber(car.car_power, locale),
        kw: formatNumber(car.car_power_kw, locale),
      }),
    ],
    [t('carDetail.drive'), carValueText(market, t, 'drive', car.car_drive)],
    [t('carDetail.color'), carValueText(market, t, 'color', car.car_color)],
    [t('carDetail.seats'), formatNumber(car.car_seats, locale)],
    [t('carDetail.doors'), formatNumber(car.car_doors, locale)],
    [
      t('carDetail.engineSize'),
      car.car_engine_size_cc === null ? null : `${formatNumber(car.car_engine_size_cc, locale)} cm³`,
    ],
    [t('carDetail.co2'), car.car_co2 === null ? null : `${formatNumber(car.car_co2, locale)} g/km`],
    [
      t('carDetail.consumption'),
      car.car_fuel_consumption === null || car.car_fuel_consumption <= 0
        ? null
        : market.distanceUnit === 'mi'
          ? `${decimal(MPG_TIMES_L_PER_100KM / car.car_fuel_consumption)} mpg`
          : `${decimal(car.car_fuel_consumption)} l/100 km`,
    ],
    [
      t('carDetail.battery'),
      car.car_battery_capacity_kwh === null ? null : `${decimal(car.car_battery_capacity_kwh)} kWh`,
    ],
    [t('carDetail.range'), car.car_range_km === null ? null : formatMileage(car.car_range_km, format)],
    [t('carDetail.registration'), car.car_registration_number],
    [
      t('carDetail.firstRegistration'),
      car.car_first_registration === null ? null : formatMarketDate(car.car_first_registration, market.dateFormat),
    ],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null).map(([label, value]) => ({ label, value }));
}
