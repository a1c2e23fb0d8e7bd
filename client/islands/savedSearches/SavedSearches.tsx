import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
// Its own island: the saved-cars island also shows the recently viewed cars on every car page, which list no searches.
import { search } from '../../api/search.js';
import { markSearchSeen, removeSearch, savedSearches, type SavedSearch } from '../../saved/savedSearches.js';
import { countText, fillText } from '../../../markets/translations/plural.js';
import type { SavedSearchesProps } from './savedSearchesTypes.js';

const UNKNOWN = () => null;
/** The far end of 'published since': a fixed instant, so two shoppers' counts since one moment are one search. */
const FAR_FUTURE = '2100-01-01T00:00:00.000Z';

type Counts = { total: number; fresh: number } | 'failed';

/** Today's count of a saved search and how many of its cars were published since the shopper last opened it. */
async function countsOf(saved: SavedSearch, signal: AbortSignal): Promise<Counts> {
  const body = { index: 'cars' as const, limit: 0, ...(saved.keyphrase ? { keyphrase: saved.keyphrase } : {}) };
  const filters = saved.filters ?? [];
  const since = { field: 'car_published_at', values: [new Date(saved.seenAt).toISOString(), FAR_FUTURE] };
  const [today, fresh] = await Promise.all([
    search({ ...body, ...(filters.length > 0 ? { filters } : {}) }, signal),
    search({ ...body, filters: [...filters, since] }, signal),
  ]);
  return { total: today.total_items, fresh: fresh.total_items };
}

/**
 * The saved searches on the saved-cars page, under their own heading: each a link to the list as it was saved,
 * with today's count and 'N nya sedan ditt senaste besök'; opening one counts its new cars from then on.
 */
export function SavedSearches({ texts, carListPath, locale }: SavedSearchesProps) {
  const saved = useSyncExternalStore(savedSearches.subscribe, savedSearches.read, UNKNOWN);
  const [counts, setCounts] = useState<ReadonlyMap<string, Counts>>(() => new Map());
  const [announced, setAnnounced] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const key = JSON.stringify((saved ?? []).map((s) => [s.query, s.seenAt]));

  useEffect(() => {
    const asked = JSON.parse(key) as [string, number][];
    if (asked.length === 0) return;
    const controller = new AbortController();
    for (const kept of savedSearches.read()) {
      void countsOf(kept, controller.signal).then(
        (found) => setCounts((before) => new Map(before).set(kept.query, found)),
        () => {
          if (!controller.signal.aborted) setCounts((before) => new Map(before).set(kept.query, 'failed'));
        },
      );
    }
    return () => controller.abort();
  }, [key]);

  if (saved === null) return null;
  const nameOf = (kept: SavedSearch) => kept.label || texts.allCars;
  const remove = (kept: SavedSearch) => {
    removeSearch(kept.query);
    setAnnounced(fillText(texts.removed, { name: nameOf(kept) }));
    heading.current?.focus();
  };
  return (
    <section className="saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" className="saved-searches__title" ref={heading} tabIndex={-1}>
        {texts.title}
      </h2>
      {saved.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ul className="saved-searches__list">
          {saved.map((kept) => {
            const found = counts.get(kept.query);
            return (
              <li key={kept.query} className="saved-searches__item">
                <a href={`${carListPath}${kept.query}`} onClick={() => markSearchSeen(kept.query)}>
                  {nameOf(kept)}
                </a>
                <p className="saved-searches__counts">
                  {found === 'failed' ? (
                    texts.countFailed
                  ) : found ? (
                    <>
                      <span>{countText(texts.count, locale, found.total)}</span>
                      {found.fresh > 0 && (
                        <strong className="saved-searches__new">{countText(texts.fresh, locale, found.fresh)}</strong>
                      )}
                    </>
                  ) : null}
                </p>
                <button
                  type="button"
                  className="kept-card__remove"
                  aria-label={fillText(texts.remove, { name: nameOf(kept) })}
                  onClick={() => remove(kept)}
                >
                  {texts.removeLabel}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </section>
  );
}
