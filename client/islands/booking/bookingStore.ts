import type { z } from 'zod';
import { readSession, removeSession, writeSession } from '../../storage/sessionStore.js';
import { BookingStoreSchema } from './bookingSchemas.js';
import { INITIAL_BOOKING, type BookingStore, type BookingStoreKey } from './bookingState.js';

const BOOKING_STORE_KEYS = Object.keys(BookingStoreSchema) as BookingStoreKey[];

/**
 * The booking store in sessionStorage (part 2 §3.1), one entry per key under `booking.<key>`, so a
 * reload (or a second look at the tab) resumes where the shopper was. A missing or corrupt entry is
 * its default; a store that contradicts itself (a later step without a car or a place) starts over.
 */
const storageKey = (key: BookingStoreKey) => `booking.${key}`;

export function loadBooking(): BookingStore {
  const store = { ...INITIAL_BOOKING } as Record<BookingStoreKey, unknown>;
  for (const key of BOOKING_STORE_KEYS) {
    const value: unknown = readSession(storageKey(key), BookingStoreSchema[key] as z.ZodType<unknown>);
    if (value !== null) store[key] = value;
  }
  const loaded = store as BookingStore;
  const coherent = loaded.bookingState < 2 || (loaded.car !== null && loaded.lat !== null && loaded.lng !== null);
  return coherent ? loaded : INITIAL_BOOKING;
}

/** Writes the keys that changed. */
export function saveBooking(previous: BookingStore, next: BookingStore): void {
  for (const key of BOOKING_STORE_KEYS) {
    if (previous[key] !== next[key]) writeSession(storageKey(key), next[key]);
  }
}

export function clearBooking(): void {
  for (const key of BOOKING_STORE_KEYS) removeSession(storageKey(key));
}
