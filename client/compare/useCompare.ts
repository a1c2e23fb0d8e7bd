import { useSyncExternalStore } from 'react';
import { readCompare, subscribeCompare, type ComparedCar } from './compareStore.js';

const NONE: readonly ComparedCar[] = [];

/** The compare list, re-rendering on every change; empty on the server and during hydration (no storage there). */
export function useCompare(): readonly ComparedCar[] {
  return useSyncExternalStore(subscribeCompare, readCompare, () => NONE);
}
