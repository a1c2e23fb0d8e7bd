import { useCallback, useEffect, useRef, useState } from 'react';
import { ClosestAvailableMessage, type Workshop } from '../../../contracts/upstream/mechmate.js';
import { bookingApi } from './bookingApi.js';
import { readWorkshopStream } from './workshopStreamReader.js';

/** One load shows 5 workshops; the island closes the stream after the fifth (part 2 §7, §9). */
export const WORKSHOPS_PER_LOAD = 5;

export interface WorkshopQuery {
  regNo: string;
  offerings: string[];
  latitude: number;
  longitude: number;
}

export interface WorkshopStreamState {
  workshops: Workshop[];
  /** Loading placeholders still shown: 5 when a load starts, one fewer per workshop. */
  placeholders: number;
  status: 'ok' | 'nosites' | 'error';
  /** No more workshops after these ('Hämta fler' is hidden). */
  exhausted: boolean;
}

const EMPTY: WorkshopStreamState = { workshops: [], placeholders: 0, status: 'ok', exhausted: false };

/** A workshop that arrives again replaces the one with its departmentId (§4.1). */
export function upsertWorkshop(list: Workshop[], workshop: Workshop): Workshop[] {
  const index = list.findIndex((w) => w.departmentId === workshop.departmentId);
  if (index === -1) return [...list, workshop];
  return list.map((w, i) => (i === index ? workshop : w));
}

const fresh = (key: string | null) => ({ ...EMPTY, placeholders: key ? WORKSHOPS_PER_LOAD : 0, key });

/**
 * The workshops for the chosen services near the place, from the event stream of
 * `/api/mechmate/departments/closestAvailable` (workshopStreamReader.ts: a refusal with Retry-After is
 * asked again after that wait); `loadMore` continues after the last one (cursor). A new query (other
 * services or place) starts the list again.
 */
export function useWorkshopStream(
  query: WorkshopQuery | null,
): WorkshopStreamState & { loadMore: () => void; retry: () => void } {
  const key = query ? JSON.stringify(query) : null;
  // The state belongs to one query: for another one it is a fresh load (5 placeholders) until its stream answers.
  const [held, setHeld] = useState<WorkshopStreamState & { key: string | null }>({ ...EMPTY, key: null });
  const state = held.key === key ? held : fresh(key);
  const loading = useRef<AbortController | null>(null);

  const open = useCallback(
    (cursor?: number) => {
      if (!key) return;
      const q = JSON.parse(key) as WorkshopQuery;
      loading.current?.abort();
      const load = new AbortController();
      loading.current = load;
      let received = 0;
      let finished = false;
      const update = (change: (s: WorkshopStreamState) => Partial<WorkshopStreamState>) =>
        setHeld((h) => {
          const base = h.key === key ? h : fresh(key);
          return { ...base, ...change(base) };
        });
      const finish = (patch: Partial<WorkshopStreamState>) => {
        finished = true;
        if (loading.current === load) loading.current = null;
        update(() => ({ placeholders: 0, ...patch }));
      };
      /** One message; false once the load is over. */
      const onMessage = (text: string): boolean => {
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          data = undefined;
        }
        const parsed = ClosestAvailableMessage.safeParse(data);
        if (!parsed.success) {
          finish({ status: 'error' });
          return false;
        }
        const m = parsed.data;
        if ('departmentId' in m) {
          received += 1;
          update((s) => ({
            workshops: upsertWorkshop(s.workshops, m),
            placeholders: Math.max(0, WORKSHOPS_PER_LOAD - received),
          }));
          if (received >= WORKSHOPS_PER_LOAD) finish({ exhausted: false });
        } else if ('nosites' in m) {
          finish({ status: cursor === undefined ? 'nosites' : 'ok', exhausted: true });
        } else {
          console.error('workshop stream error', m.error);
          finish({ status: 'error' });
        }
        return !finished;
      };
      void readWorkshopStream(bookingApi.workshopStreamUrl({ ...q, cursor }), onMessage, { signal: load.signal }).then(
        (outcome) => {
          if (finished || load.signal.aborted) return;
          // The stream ended before 5 (no more workshops), or could not be had at all.
          finish(outcome.kind === 'ended' ? { exhausted: true } : { status: 'error' });
        },
      );
    },
    [key, setHeld],
  );

  useEffect(() => {
    open();
    return () => {
      loading.current?.abort();
      loading.current = null;
    };
  }, [open]);

  const last = state.workshops[state.workshops.length - 1];
  const loadMore = () => {
    setHeld((h) => ({ ...h, placeholders: WORKSHOPS_PER_LOAD, status: 'ok' }));
    open(last?.departmentId);
  };
  const retry = () => {
    setHeld(fresh(key));
    open();
  };
  return { ...state, loadMore, retry };
}
