import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { CarCard, type CarCardTexts } from '../../cars/CarCard.js';
import { carDetailPath, type CarSummary } from '../../shared/cars/carSummary.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';
import { countText } from '../../../markets/translations/plural.js';
import { CAR_LIST_MAX_PAGES, CAR_LIST_PAGE_SIZE } from '../../shared/carList/carListConfig.js';
import type { CarListTexts } from './carListTypes.js';
import type { CarListResults } from '../../shared/carList/carListResults.js';
import { isPlainClick } from './plainClick.js';
import type { GeoPoint } from '../../shared/geo/roundedPlace.js';
import { greatCircleKm } from '../../../contracts/upstream/searchWords.js';

const SKELETONS_REPLACE = 8;
const SKELETONS_MORE = 4;

interface CarResultsProps {
  results: CarListResults;
  /** `earlier`: a deep link's pages before the one the server rendered are on their way. */
  loading: 'replace' | 'more' | 'earlier' | null;
  page: number;
  carDetailBase: string;
  card: CarCardTexts;
  cardPicture: PictureLayout;
  texts: CarListTexts;
  moreHref: string;
  onMore: () => void;
  onRetry: () => void;
  formatCount: (n: number) => string;
  actionsFor?: (car: CarSummary) => ReactNode;
  /** Where 'nearest first' measures from: each card shows its distance. */
  origin?: GeoPoint | undefined;
}

function Skeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={`skeleton-${i}`} className="car-card car-card--skeleton" aria-hidden="true">
      <div className="car-card__image" />
      <div className="skeleton-line" />
      <div className="skeleton-line skeleton-line--short" />
    </li>
  ));
}

/** The grid with its states: skeleton, error with retry, no results, and load-more with progress. */
export function CarResults({
  results,
  loading,
  page,
  carDetailBase,
  card,
  cardPicture,
  texts,
  moreHref,
  onMore,
  onRetry,
  formatCount,
  actionsFor,
  origin,
}: CarResultsProps) {
  const grid = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  // A deep link rendered on the server shows its own page alone: the cars before it count as shown.
  const shown = (results.fromPage ?? 0) * CAR_LIST_PAGE_SIZE + results.cars.length;
  // After 'load more', keyboard focus goes to the first new car (without scrolling the page).
  useEffect(() => {
    if (loading || firstNew.current === null) return;
    const link = grid.current?.children[firstNew.current]?.querySelector('a');
    firstNew.current = null;
    link?.focus({ preventScroll: true });
  }, [loading, results]);

  if (loading === 'replace') {
    return (
      <div aria-busy="true">
        <p className="car-list__status">{texts.loading}</p>
        <ul className="car-grid">
          <Skeletons count={SKELETONS_REPLACE} />
        </ul>
      </div>
    );
  }
  const canLoadMore = !results.failed && shown < results.total && page + 1 < CAR_LIST_MAX_PAGES && shown > 0;
  const more = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    firstNew.current = results.cars.length;
    onMore();
  };
  return (
    <div aria-busy={loading === 'more' || loading === 'earlier'}>
      {loading === 'earlier' && <p className="car-list__status">{texts.loading}</p>}
      {shown > 0 && (
        <ul className="car-grid" ref={grid}>
          {results.cars.map((car, i) => (
            // A card kept from the server's HTML never updates (client/hydration/KeptHtml.tsx): one measured from
            // another place is another card.
            <li key={origin ? `${car.id}@${origin.lat},${origin.lng}` : car.id}>
              <CarCard
                car={car}
                href={carDetailPath(carDetailBase, car)}
                texts={card}
                imageLayout={cardPicture}
                priority={i === 0}
                {...(origin ? { distanceKm: greatCircleKm(origin, car.position) } : {})}
                actions={actionsFor?.(car)}
              />
            </li>
          ))}
          {loading === 'more' && <Skeletons count={SKELETONS_MORE} />}
        </ul>
      )}
      {results.failed ? (
        <div className="car-list__error" role="alert">
          <p>{texts.error}</p>
          <button type="button" className="button" onClick={onRetry}>
            {texts.retry}
          </button>
        </div>
      ) : (
        shown === 0 && (
          <p className="car-list__empty" role="status">
            {texts.noResults}
          </p>
        )
      )}
      {shown > 0 && (
        <div className="car-list__progress">
          <p>
            {countText(texts.progress, card.format.locale, results.total, {
              shown: formatCount(shown),
              count: formatCount(results.total),
            })}
          </p>
          <div className="car-list__progress-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (shown / Math.max(1, results.total)) * 100)}%` }} />
          </div>
          {canLoadMore && (
            <a className="button car-list__more" href={moreHref} onClick={more} rel="nofollow">
              {texts.loadMore}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
