import { CarCard, type CarCardTexts } from '../../../client/cars/CarCard.js';
import { carDetailPath, type CarSummary } from '../../../client/shared/cars/carSummary.js';
import { usePage } from '../../PageContext.js';
import { CAR_SIMILAR } from '../../../client/shared/media/pictureLayouts.js';
import { CarSaveToggle } from '../../saved/CarSaveToggle.js';

/** Up to 8 similar cars as the car list shows them (server-rendered cards; their save toggles run without React). */
export function SimilarCars({ cars, texts }: { cars: readonly CarSummary[]; texts: CarCardTexts }) {
  const { t, market } = usePage();
  if (cars.length === 0) return null;
  return (
    <section className="car-detail__section car-similar" aria-labelledby="car-similar">
      <h2 id="car-similar">{t('carDetail.similarCars')}</h2>
      <ul className="car-similar__list">
        {cars.map((car) => (
          <li key={car.id}>
            <CarCard
              car={car}
              href={carDetailPath(market.paths.carDetailBase, car)}
              texts={texts}
              imageLayout={CAR_SIMILAR}
              headingLevel={3}
              actions={<CarSaveToggle car={car} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
