import { useRef, useState } from 'react';
import { CarCard } from '../../cars/CarCard.js';
import { carDetailPath } from '../../shared/cars/carSummary.js';
import { formatPrice } from '../../shared/cars/formatCar.js';
import { countText, fillText } from '../../../markets/translations/plural.js';
import { useCurrentCars } from '../../saved/currentCars.js';
import { KeptCarCard } from '../../saved/KeptCarCard.js';
import { carName, carToKeep, removeSaved, savedCars, type KeptCar } from '../../saved/savedCars.js';
import { SaveToggle } from '../../saved/SaveToggle.js';
import { useKeptCars } from '../../saved/useKeptCars.js';
import { RecentCars } from './RecentCars.js';
import type { SavedCarsPageProps } from './savedCarsTypes.js';

/**
 * The cars this visit has shown: every saved car (one saved in another tab joins at the top), and a car
 * unsaved here stays where it was with its toggle released, so a slip is undone with one more press and
 * focus never falls off a card that went. Only 'remove' on a car no longer for sale takes a card away.
 */
function useShownCars(saved: readonly KeptCar[] | null): [readonly KeptCar[], (id: string) => void] {
  const [shown, setShown] = useState<readonly KeptCar[]>([]);
  const known = new Set(shown.map((car) => car.id));
  const added = (saved ?? []).filter((car) => !known.has(car.id));
  if (added.length > 0) setShown([...added, ...shown]); // adjusting state while rendering
  return [shown, (id) => setShown(shown.filter((car) => car.id !== id))];
}

/**
 * The saved-cars page: each saved car as today's card (price and picture from the search), its price
 * drop since it was saved, a car no longer for sale marked so with a button to take it off, and the
 * recently viewed cars under them. The list lives in the browser: the server renders the heading alone.
 */
export function SavedCarsPage({ texts, card, carDetailBase, picture, carListPath }: SavedCarsPageProps) {
  const saved = useKeptCars(savedCars);
  const [shown, drop] = useShownCars(saved);
  const { current, failed, retry } = useCurrentCars(shown.map((car) => car.id));
  const heading = useRef<HTMLHeadingElement>(null);
  const { locale } = card.format;
  const loading = !failed && shown.some((car) => !current.has(car.id));

  const remove = (car: KeptCar) => {
    removeSaved(car.id);
    drop(car.id);
    heading.current?.focus(); // its card is going
  };
  const item = (kept: KeptCar) => {
    const now = current.get(kept.id);
    if (now === 'gone')
      return (
        <KeptCarCard
          car={kept}
          locale={locale}
          picture={picture}
          status={
            <p className="kept-card__status">
              <strong>{texts.gone}</strong> {texts.goneText}
            </p>
          }
          actions={
            <button
              type="button"
              className="kept-card__remove"
              aria-label={`${texts.remove}: ${carName(kept)}`}
              onClick={() => remove(kept)}
            >
              {texts.remove}
            </button>
          }
        />
      );
    if (now === undefined)
      return failed ? (
        <KeptCarCard
          car={kept}
          href={carDetailPath(carDetailBase, kept)}
          locale={locale}
          picture={picture}
          priceLabel={texts.priceWhenSaved}
          actions={<SaveToggle car={kept} label={texts.toggle} />}
        />
      ) : (
        <div className="car-card car-card--skeleton" aria-hidden="true">
          <div className="car-card__image" />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </div>
      );
    const dropped = now.currency === kept.currency && now.price < kept.price;
    return (
      <CarCard
        car={now}
        href={carDetailPath(carDetailBase, now)}
        texts={card}
        imageLayout={picture}
        headingLevel={2}
        actions={
          <>
            {dropped && (
              <p className="saved-cars__drop">
                {fillText(texts.priceDropped, { amount: formatPrice(kept.price - now.price, now.currency, locale) })}
              </p>
            )}
            <SaveToggle car={carToKeep(now)} label={texts.toggle} />
          </>
        }
      />
    );
  };

  return (
    <>
      <h1 className="saved-cars__title" ref={heading} tabIndex={-1}>
        {texts.title}
      </h1>
      {saved !== null && <p className="saved-cars__count">{countText(texts.count, locale, saved.length)}</p>}
      {failed && (
        <div className="saved-cars__error" role="alert">
          <p>{texts.error}</p>
          <button type="button" className="button" onClick={retry}>
            {texts.retry}
          </button>
        </div>
      )}
      {saved !== null && shown.length === 0 && (
        <div className="saved-cars__empty">
          <p>{texts.empty}</p>
          <a className="button" href={carListPath}>
            {texts.browse}
          </a>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="car-similar__list saved-cars__list" aria-busy={loading}>
          {shown.map((car) => (
            <li key={car.id}>{item(car)}</li>
          ))}
        </ul>
      )}
      <RecentCars texts={texts} card={card} carDetailBase={carDetailBase} picture={picture} />
    </>
  );
}
