import { useSyncExternalStore } from 'react';
import type { StoredList } from '../storage/storedList.js';
import type { KeptCar } from './savedCars.js';

const UNKNOWN = () => null;

/** The saved or recently viewed cars, re-rendering on every change; null on the server and while hydrating (no storage there). */
export function useKeptCars(list: StoredList<KeptCar>): readonly KeptCar[] | null {
  return useSyncExternalStore(list.subscribe, list.read, UNKNOWN);
}
