import { mileageLabelKey } from '../../../client/cars/carCardTexts.js';
import { formatMileage, formatNumber, type CarFormat } from '../../../client/shared/cars/formatCar.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { carValueText } from '../../../markets/translations/carValues.js';
import { usePage } from '../../PageContext.js';
import { formatMarketDate } from './formatDate.js';

/** The key facts under the title, in the page's language and the market's formats and distance unit. */
export function CarFacts({ car, format }: { car: Car; format: CarFormat }) {
  const { t, market } = usePage();
  const facts: [string, string][] = [
    [t('carDetail.year'), String(car.car_year)],
    [t(mileageLabelKey(market.distanceUnit)), formatMileage(car.car_mileage, format)],
    [t('carDetail.fuel'), carValueText(market, t, 'fuel', car.car_fuel)],
    [t('carDetail.gearbox'), carValueText(market, t, 'gearbox', car.car_gearbox)],
    [t('carDetail.power'), t('carDetail.powerValue', { hp: formatNumber(car.car_power, format.locale) })],
    [t('carDetail.body'), carValueText(market, t, 'body', car.car_body)],
    [t('carDetail.drive'), carValueText(market, t, 'drive', car.car_drive)],
    [t('carDetail.color'), carValueText(market, t, 'color', car.car_color)],
  ];
  if (car.car_registration_number) facts.push([t('carDetail.registration'), car.car_registration_number]);
  if (car.car_first_registration)
    facts.push([t('carDetail.firstRegistration'), formatMarketDate(car.car_first_registration, market.dateFormat)]);
  facts.push([t('carDetail.location'), `${car.car_site_name}, ${car.car_city}`]);
  return (
    <section className="car-facts" aria-labelledby="car-facts">
      <h2 id="car-facts" className="visually-hidden">
        {t('carDetail.facts')}
      </h2>
      <dl className="car-facts__list">
        {facts.map(([label, value]) => (
          <div key={label} className="car-facts__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
