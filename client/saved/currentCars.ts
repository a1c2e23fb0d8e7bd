import { useEffect, useState } from 'react';
import { search } from '../api/search.js';
import { CAR_SUMMARY_FIELDS, toCarSummary, type CarSummary, type CarSummarySource } from '../shared/cars/carSummary.js';

/** A kept car as the search has it today, or 'gone': the search answered without it (sold or taken off). */
export type CurrentCar = CarSummary | 'gone';

/**
 * Today's card of each car, in the page's language: one search by id (the ids sorted, so every shopper
 * with the same cars asks the search cache the same question). A car the answer lacks is not in stock.
 */
export async function fetchCurrentCars(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, CurrentCar>> {
  const asked = [...ids].sort();
  const answer = await search<CarSummarySource>(
    {
      index: 'cars',
      fields: CAR_SUMMARY_FIELDS,
      filters: [{ field: 'car_id', values: asked }],
      limit: asked.length,
    },
    signal,
  );
  const found = new Map(answer.content.map((car) => [car.car_id, toCarSummary(car)]));
  return new Map(asked.map((id) => [id, found.get(id) ?? 'gone']));
}

/**
 * Today's cards of `ids`, fetched once each (a car added later, from another tab, is fetched then). A
 * failed search leaves them unknown (`failed`) until `retry`: unknown is never taken for gone.
 */
export function useCurrentCars(ids: readonly string[]): {
  current: ReadonlyMap<string, CurrentCar>;
  failed: boolean;
  retry: () => void;
} {
  const [current, setCurrent] = useState<ReadonlyMap<string, CurrentCar>>(() => new Map());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const missing = JSON.stringify(ids.filter((id) => !current.has(id)));
  useEffect(() => {
    const asked = JSON.parse(missing) as string[];
    if (asked.length === 0) return;
    const controller = new AbortController();
    fetchCurrentCars(asked, controller.signal).then(
      (fetched) => {
        setFailed(false);
        setCurrent((before) => new Map([...before, ...fetched]));
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [missing, attempt]);
  return { current, failed, retry: () => setAttempt((n) => n + 1) };
}
