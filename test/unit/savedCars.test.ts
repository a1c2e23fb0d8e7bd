import { jest } from '@jest/globals';
import { storedList } from '../../client/storage/storedList.js';
import {
  RECENT_MAX,
  SAVED_MAX,
  SAVED_STORAGE_KEY,
  isSaved,
  recentCars,
  recordViewed,
  removeSaved,
  savedCars,
  toggleSaved,
  type CarToKeep,
} from '../../client/saved/savedCars.js';

/** A localStorage and the window's events, enough for the stores: listeners by type, dispatched by hand. */
class FakeStorage {
  data = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}
type Listener = (event: { key?: string | null; persisted?: boolean }) => void;
let storage: FakeStorage;
let listeners: Map<string, Set<Listener>>;
const dispatch = (type: string, event: Parameters<Listener>[0] = {}) =>
  [...(listeners.get(type) ?? [])].forEach((listener) => listener(event));
/** What another tab does: writes the storage, and this page hears of it only through the `storage` event. */
const otherTabWrites = (key: string, value: unknown) => {
  storage.data.set(key, JSON.stringify(value));
  dispatch('storage', { key });
};

beforeEach(() => {
  storage = new FakeStorage();
  listeners = new Map();
  Object.assign(globalThis, {
    window: {
      localStorage: storage,
      sessionStorage: storage,
      addEventListener: (type: string, listener: Listener) =>
        listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
      removeEventListener: (type: string, listener: Listener) => listeners.get(type)?.delete(listener),
    },
  });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const car = (id: string, price = 300_000): CarToKeep => ({
  id,
  slug: `volvo-xc60-${id}`,
  brand: 'Volvo',
  model: 'XC60',
  variant: 'B4',
  year: 2022,
  image: `/media/cars/${id}/1.jpg`,
  price,
  currency: 'SEK',
});
const ids = (list: { read(): readonly { id: string }[] }) => list.read().map((kept) => kept.id);

describe('saved cars', () => {
  it('saves newest first in localStorage, with what the card showed and when, and unsaves with the same press', () => {
    expect(toggleSaved(car('1'), 1000)).toBe('saved');
    expect(toggleSaved(car('2'), 2000)).toBe('saved');
    expect(ids(savedCars)).toEqual(['2', '1']);
    expect(JSON.parse(storage.getItem(SAVED_STORAGE_KEY)!)).toEqual([
      { ...car('2'), at: 2000 },
      { ...car('1'), at: 1000 },
    ]);
    expect(isSaved('1')).toBe(true);
    expect(toggleSaved(car('1'))).toBe('removed');
    expect(isSaved('1')).toBe(false);
    removeSaved('2');
    expect(savedCars.read()).toEqual([]);
  });

  it(`refuses a car past ${SAVED_MAX} rather than dropping one the shopper kept`, () => {
    for (let i = 0; i < SAVED_MAX; i++) toggleSaved(car(String(i)));
    expect(toggleSaved(car('one more'))).toBe('full');
    expect(savedCars.read()).toHaveLength(SAVED_MAX);
    expect(isSaved('0')).toBe(true);
    expect(toggleSaved(car('0'))).toBe('removed');
    expect(toggleSaved(car('one more'))).toBe('saved');
  });

  it(`keeps the last ${RECENT_MAX} viewed cars, newest first, each once`, () => {
    for (let i = 1; i <= RECENT_MAX + 2; i++) recordViewed(car(String(i)));
    recordViewed(car('5'));
    const recent = ids(recentCars);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent.slice(0, 3)).toEqual(['5', String(RECENT_MAX + 2), String(RECENT_MAX + 1)]);
    expect(recent).not.toContain('1');
    expect(new Set(recent).size).toBe(RECENT_MAX);
  });

  it("reads someone else's JSON or a broken entry as nothing, keeping the entries that are cars", () => {
    storage.data.set(SAVED_STORAGE_KEY, '{not json');
    expect(savedCars.read()).toEqual([]);
    storage.data.set(SAVED_STORAGE_KEY, JSON.stringify({ cars: [car('1')] }));
    expect(savedCars.read()).toEqual([]);
    storage.data.set(SAVED_STORAGE_KEY, JSON.stringify([{ id: 7 }, null, { ...car('9'), at: 5 }, car('8')]));
    expect(ids(savedCars)).toEqual(['9']);
  });

  it('leaves the list as it was when the storage is full, so a toggle never shows a car as saved that is not', () => {
    storage.full = true;
    expect(toggleSaved(car('1'))).toBe('failed');
    expect(isSaved('1')).toBe(false);
  });
});

describe('a stored list', () => {
  const list = () =>
    storedList({ area: 'localStorage', key: 'k', max: 3, isItem: (v): v is number => typeof v === 'number' });

  it('gives the same frozen array until the stored value changes, and at most `max` items', () => {
    const numbers = list();
    storage.data.set('k', JSON.stringify([1, 2, 'x', 3, 4]));
    const read = numbers.read();
    expect(read).toEqual([1, 2, 3]);
    expect(numbers.read()).toBe(read);
    expect(Object.isFrozen(read)).toBe(true);
    numbers.write([5, 6, 7, 8]);
    expect(JSON.parse(storage.getItem('k')!)).toEqual([5, 6, 7]);
  });

  it("tells subscribers of this page's changes and another tab's, once each", () => {
    const numbers = list();
    const seen = jest.fn();
    const unsubscribe = numbers.subscribe(seen);
    numbers.write([1]);
    numbers.write([1]);
    expect(seen.mock.calls).toEqual([[[1]]]);
    otherTabWrites('k', [1, 2]);
    otherTabWrites('another key', [9]);
    expect(seen.mock.calls).toEqual([[[1]], [[1, 2]]]);
    unsubscribe();
    expect(listeners.get('storage')?.size ?? 0).toBe(0);
  });

  it('listens to no storage event while the page is hidden in the back/forward cache, and catches up when it is shown', () => {
    const numbers = list();
    const seen = jest.fn();
    numbers.subscribe(seen);
    dispatch('pagehide', { persisted: true });
    expect(listeners.get('storage')?.size ?? 0).toBe(0);
    storage.data.set('k', JSON.stringify([4])); // another tab saves while this page is away
    expect(seen).not.toHaveBeenCalled();
    dispatch('pageshow', { persisted: true });
    expect(seen.mock.calls).toEqual([[[4]]]);
    expect(listeners.get('storage')?.size).toBe(1);
  });

  it('lives as long as the page where there is no storage at all', () => {
    Object.assign(globalThis, {
      window: { ...(globalThis as unknown as { window: object }).window, localStorage: null },
    });
    const numbers = list();
    numbers.write([1, 2]);
    expect(numbers.read()).toEqual([1, 2]);
  });
});
