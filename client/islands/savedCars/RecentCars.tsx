import { useId } from 'react';
import { CarCard } from '../../cars/CarCard.js';
import { carDetailPath, type CarSummary } from '../../shared/cars/carSummary.js';
import { useCurrentCars } from '../../saved/currentCars.js';
import { carToKeep, recentCars } from '../../saved/savedCars.js';
import { SaveToggle } from '../../saved/SaveToggle.js';
import { useKeptCars } from '../../saved/useKeptCars.js';
import type { RecentCarsProps } from './savedCarsTypes.js';

/**
 * The cars the shopper looked at last, newest first, as today's cards (a car sold since is left out: its
 * link would end on a 404). Nothing until they are fetched, and nothing for a shopper who has viewed no
 * other car, so the section never shows empty.
 */
export function RecentCars({ texts, card, carDetailBase, picture, exclude }: RecentCarsProps) {
  const headingId = useId();
  const ids = (useKeptCars(recentCars) ?? []).map((car) => car.id).filter((id) => id !== exclude);
  const { current } = useCurrentCars(ids);
  const cars = ids.map((id) => current.get(id)).filter((car): car is CarSummary => car !== undefined && car !== 'gone');
  if (cars.length === 0) return null;
  return (
    <section className="car-detail__section car-similar recent-cars" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.recentTitle}</h2>
      <ul className="car-similar__list">
        {cars.map((car) => (
          <li key={car.id}>
            <CarCard
              car={car}
              href={carDetailPath(carDetailBase, car)}
              texts={card}
              imageLayout={picture}
              headingLevel={3}
              actions={<SaveToggle car={carToKeep(car)} label={texts.toggle} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
