import { jest } from '@jest/globals';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import {
  COMPARE_STORAGE_KEY,
  addToCompare,
  clearCompare,
  readCompare,
  removeFromCompare,
  completeInPageLanguage,
  subscribeCompare,
  type CompareDetail,
} from '../../client/compare/compareStore.js';
import { equipmentDifferences } from '../../client/compare/equipmentDifferences.js';

/** A sessionStorage and the window's storage-event plumbing, enough for the store. */
class FakeStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}
let storage: FakeStorage;
let windowListeners: Map<string, ((event: { key?: string | null }) => void)[]>;
const listenersOf = (type: string) => windowListeners.get(type) ?? [];

beforeEach(() => {
  storage = new FakeStorage();
  windowListeners = new Map();
  Object.assign(globalThis, {
    window: {
      sessionStorage: storage,
      addEventListener: (type: string, listener: (event: { key?: string | null }) => void) =>
        windowListeners.set(type, [...listenersOf(type).filter((l) => l !== listener), listener]),
      removeEventListener: (type: string, listener: (event: { key?: string | null }) => void) =>
        windowListeners.set(
          type,
          listenersOf(type).filter((l) => l !== listener),
        ),
    },
  });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const car = (id: string): CarSummary => ({
  id,
  slug: `car-${id}`,
  brand: 'Volvo',
  model: 'XC60',
  variant: 'B4',
  body: 'SUV',
  year: 2022,
  mileageKm: 12000,
  fuel: 'Diesel',
  gearbox: 'Automat',
  powerHp: 197,
  price: 400000,
  retailPrice: 400000,
  campaignPrice: null,
  currency: 'SEK',
  vatEligible: false,
  vehicleTypeCode: 'PC',
  isNew: false,
  image: `/media/cars/${id}/1.svg`,
  monthlyPayment: null,
  position: { lat: 59.33, lng: 18.06 },
});
const detail = (id: string, equipment: string[]): CompareDetail => ({
  car_id: id,
  car_price: 399000,
  car_year: 2022,
  car_mileage: 12000,
  car_fuel: 'Diesel',
  car_gearbox: 'Automat',
  car_power: 197,
  car_equipment: equipment,
});
const noDetail = () => Promise.resolve(null);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the compare list', () => {
  it('keeps the chosen cars in sessionStorage under the key compare, in the order they were added', () => {
    expect(addToCompare(car('1'), noDetail)).toBe('added');
    expect(addToCompare(car('2'), noDetail)).toBe('added');
    expect(readCompare().map((c) => c.id)).toEqual(['1', '2']);
    const stored = JSON.parse(storage.getItem(COMPARE_STORAGE_KEY)!) as { id: string }[];
    expect(stored.map((c) => c.id)).toEqual(['1', '2']);
  });

  it('refuses a fifth car and says why, and does not add a car twice', () => {
    for (const id of ['1', '2', '3', '4']) addToCompare(car(id), noDetail);
    expect(addToCompare(car('5'), noDetail)).toBe('full');
    expect(addToCompare(car('2'), noDetail)).toBe('already');
    expect(readCompare().map((c) => c.id)).toEqual(['1', '2', '3', '4']);
  });

  it('removes one car and clears all', () => {
    for (const id of ['1', '2', '3']) addToCompare(car(id), noDetail);
    removeFromCompare('2');
    expect(readCompare().map((c) => c.id)).toEqual(['1', '3']);
    clearCompare();
    expect(readCompare()).toEqual([]);
  });

  it('adds the fetched detail when it arrives, and keeps the card summary when the fetch fails', async () => {
    addToCompare(car('1'), (id) => Promise.resolve(detail(id, ['Navigation'])));
    addToCompare(car('2'), () => Promise.reject(new Error('offline')));
    expect(readCompare()[0]!.detail).toBeNull();
    await flush();
    const [first, second] = readCompare();
    expect(first!.detail?.car_equipment).toEqual(['Navigation']);
    expect(second!.detail).toBeNull();
    expect(second!.summary.brand).toBe('Volvo');
  });

  it('reads corrupt or foreign storage as an empty list and overwrites it on the next change', () => {
    storage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(readCompare()).toEqual([]);
    storage.setItem(COMPARE_STORAGE_KEY, JSON.stringify({ cars: 3 }));
    expect(readCompare()).toEqual([]);
    storage.setItem(
      COMPARE_STORAGE_KEY,
      JSON.stringify([{ id: 7 }, null, { id: '9', summary: car('9'), detail: null }]),
    );
    expect(readCompare().map((c) => c.id)).toEqual(['9']);
    addToCompare(car('1'), noDetail);
    expect((JSON.parse(storage.getItem(COMPARE_STORAGE_KEY)!) as unknown[]).length).toBe(2);
  });

  it('tells every subscriber on the page at once, and again when another tab changes it', () => {
    const seen = jest.fn();
    const unsubscribe = subscribeCompare(seen);
    addToCompare(car('1'), noDetail);
    expect(seen).toHaveBeenLastCalledWith([expect.objectContaining({ id: '1' })]);
    storage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([]));
    for (const listener of listenersOf('storage')) listener({ key: COMPARE_STORAGE_KEY });
    expect(seen).toHaveBeenLastCalledWith([]);
    unsubscribe();
    expect(listenersOf('storage')).toHaveLength(0);
  });

  it("fetches again, in the page's language, the cars chosen on a page in another of the market's languages", async () => {
    const onPage = (lang: string) => Object.assign(globalThis, { document: { documentElement: { lang } } });
    try {
      onPage('fi');
      addToCompare({ ...car('1'), model: 'C-sarja' }, (id) => Promise.resolve(detail(id, ['Peruutuskamera'])));
      await flush();
      onPage('sv');
      addToCompare(car('2'), (id) => Promise.resolve(detail(id, ['Backkamera'])));
      await flush();
      expect(readCompare().map((c) => c.language)).toEqual(['fi', 'sv']);

      const asked: (readonly string[])[] = [];
      await completeInPageLanguage((ids) => {
        asked.push(ids);
        return Promise.resolve(
          new Map(
            ids.map((id) => [id, { summary: { ...car(id), model: 'C-klass' }, detail: detail(id, ['Backkamera']) }]),
          ),
        );
      });
      expect(asked).toEqual([['1']]);
      const [first, second] = readCompare();
      expect([first!.summary.model, first!.detail?.car_equipment, first!.language]).toEqual([
        'C-klass',
        ['Backkamera'],
        'sv',
      ]);
      expect(second!.detail?.car_equipment).toEqual(['Backkamera']);

      // All in the page's language: nothing to fetch; a failed fetch keeps what was shown.
      await completeInPageLanguage(() => Promise.reject(new Error('not asked')));
      onPage('fi');
      await completeInPageLanguage(() => Promise.reject(new Error('offline')));
      expect(readCompare().map((c) => c.summary.model)).toEqual(['C-klass', 'XC60']);
    } finally {
      Reflect.deleteProperty(globalThis, 'document');
    }
  });

  it('fetches on the next page a car whose detail never arrived (the shopper left the page before it answered)', async () => {
    Object.assign(globalThis, { document: { documentElement: { lang: 'sv' } } });
    try {
      addToCompare(car('1'), (id) => Promise.resolve(detail(id, ['Backkamera'])));
      addToCompare(car('2'), () => new Promise<never>(() => undefined)); // the page went before the answer
      await flush();
      const asked: (readonly string[])[] = [];
      await completeInPageLanguage((ids) => {
        asked.push(ids);
        return Promise.resolve(new Map(ids.map((id) => [id, { summary: car(id), detail: detail(id, ['Dragkrok']) }])));
      });
      expect(asked).toEqual([['2']]);
      expect(readCompare().map((c) => c.detail?.car_equipment)).toEqual([['Backkamera'], ['Dragkrok']]);
    } finally {
      Reflect.deleteProperty(globalThis, 'document');
    }
  });

  it('gives the same array until the list changes (a stable snapshot for React)', () => {
    addToCompare(car('1'), noDetail);
    expect(readCompare()).toBe(readCompare());
  });
});

describe('equipment differences', () => {
  it('lists per car what not every other car has; unknown equipment neither differs nor makes others differ', () => {
    expect(equipmentDifferences([['A', 'B', 'C'], ['A', 'C'], null, ['A', 'D']])).toEqual([
      ['B', 'C'],
      ['C'],
      null,
      ['D'],
    ]);
    expect(equipmentDifferences([['A'], ['A']])).toEqual([[], []]);
    // One car alone (or one with known equipment) lists all it has: there is nothing to differ from.
    expect(equipmentDifferences([['A', 'B']])).toEqual([['A', 'B']]);
    expect(equipmentDifferences([['A', 'B'], null])).toEqual([['A', 'B'], null]);
  });
});
