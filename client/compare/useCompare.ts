import { useSyncExternalStore } from 'react';
import { NOTHING_STORED } from '../storage/storedList.js';
import { readCompare, subscribeCompare, type ComparedCar } from './compareStore.js';

// The same empty list as an empty store reads: a page with nothing compared renders nothing again after hydration.
const NONE: readonly ComparedCar[] = NOTHING_STORED;

/** The compare list, re-rendering on every change; empty on the server and during hydration (no storage there). */
export function useCompare(): readonly ComparedCar[] {
  return useSyncExternalStore(subscribeCompare, readCompare, () => NONE);
}
