import { carCardTextsOf } from '../../../client/cars/carCardTexts.js';
import type { CarSummary } from '../../../client/shared/cars/carSummary.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { carValueText } from '../../../markets/translations/carValues.js';
import { CompareIsland, CompareToggleIsland } from '../../compare/CompareIsland.js';
import { usePage } from '../../PageContext.js';
import { carToKeep } from '../../../client/saved/savedCars.js';
import { CarSaveToggle } from '../../saved/CarSaveToggle.js';
import { RecentCarsIsland } from '../../saved/SavedCarsIsland.js';
import { Breadcrumbs } from '../../seo/Breadcrumbs.js';
import { carBreadcrumbs } from './carDetailHead.js';
import { CarContactSection } from './CarContactSection.js';
import { CarFacts } from './CarFacts.js';
import { CarFinance } from './CarFinance.js';
import { CarFinanceCalculator } from './CarFinanceCalculator.js';
import { CarShare } from './CarShare.js';
import { financeVehicleOf } from '../../../client/shared/cars/financeVehicle.js';
import { CarGallerySection } from './CarGallerySection.js';
import { CarPrice } from './CarPrice.js';
import { CarSpecifications } from './CarSpecifications.js';
import { SimilarCars } from './SimilarCars.js';

/**
 * The car page: gallery, title, key facts and price (with the save and compare toggles), description,
 * equipment, technical data, loan and leasing, sellers with the contact form, similar cars, the
 * shopper's recently viewed cars.
 * Islands: gallery, contact form, compare (bar and toggle), recently viewed cars and, where the market
 * has the finance calculator (`features.finance`), the finance card in place of the loan and leasing cards.
 * `data-viewed-car` makes the car the newest recently viewed one (client/enhance/savedCars.ts).
 */
export function CarDetailPage({
  car,
  summary,
  similar,
  financeContact,
}: {
  car: Car;
  summary: CarSummary;
  similar: readonly CarSummary[];
  /** Who the finance card's apology names; given on markets with the finance calculator. */
  financeContact?: { phone: string; email: string };
}) {
  const { t, market, language } = usePage();
  const cardTexts = carCardTextsOf(t, market, language);
  return (
    <article className="car-detail" data-viewed-car={JSON.stringify(carToKeep(summary))}>
      <Breadcrumbs crumbs={carBreadcrumbs(car, market, t)} />
      <div className="car-detail__top">
        <CarGallerySection car={car} />
        <div className="car-detail__summary">
          <h1 className="car-detail__title">
            <span className="car-detail__brand">{car.car_brand}</span> {`${car.car_model} ${car.car_variant}`.trim()}
          </h1>
          <p className="car-detail__subtitle">
            {car.car_year} · {carValueText(market, t, 'condition', car.car_condition)} · {car.car_site_name},{' '}
            {car.car_city}
          </p>
          <CarPrice car={summary} texts={cardTexts} />
          <div className="car-detail__actions">
            <a className="car-detail__contact-link" href="#car-contact">
              {t('carDetail.contactTitle')}
            </a>
            <CarSaveToggle car={summary} />
            <CompareToggleIsland car={summary} />
            <CarShare />
          </div>
          <CarFacts car={car} format={cardTexts.format} />
        </div>
      </div>
      <section className="car-detail__section" aria-labelledby="car-description">
        <h2 id="car-description">{t('carDetail.description')}</h2>
        <p className="car-detail__description">{car.car_description}</p>
      </section>
      <CarSpecifications car={car} format={cardTexts.format} />
      {market.features.finance && financeContact && financeVehicleOf(car) ? (
        <CarFinanceCalculator car={car} contact={financeContact} />
      ) : (
        <CarFinance car={car} format={cardTexts.format} />
      )}
      <CarContactSection car={car} />
      <SimilarCars cars={similar} texts={cardTexts} />
      <RecentCarsIsland carId={summary.id} />
      <CompareIsland />
    </article>
  );
}
