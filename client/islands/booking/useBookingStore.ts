import { useCallback, useEffect, useReducer, useRef } from 'react';
import { bookingReducer, type BookingEvent } from './bookingMachine.js';
import { INITIAL_BOOKING, type BookingStore } from './bookingState.js';
import type * as BookingStoreModule from './bookingStore.js';

type StoreModule = typeof BookingStoreModule;
type Action = BookingEvent | { type: 'restore'; store: BookingStore };
interface Held {
  store: BookingStore;
  restored: boolean;
}

const reducer = (held: Held, action: Action): Held =>
  action.type === 'restore'
    ? { store: action.store, restored: true }
    : { ...held, store: bookingReducer(held.store, action) };

/**
 * The booking state for the island: the server and the first browser render start empty (so
 * hydration matches), then the session's store is restored and every change is written back.
 * Nothing is dispatched before the restore: step 1 waits for `restored` (bookingReady) to submit.
 */
export function useBookingStore(): { state: BookingStore; dispatch: (event: BookingEvent) => void; restored: boolean } {
  const [{ store: state, restored }, dispatchAction] = useReducer(reducer, { store: INITIAL_BOOKING, restored: false });
  const saved = useRef(INITIAL_BOOKING);
  const storeModule = useRef<StoreModule | null>(null);
  // The store module brings zod (to read sessionStorage back safely); step 1 renders and hydrates without it.
  useEffect(() => {
    let live = true;
    void import('./bookingStore.js').then((module) => {
      if (!live) return;
      storeModule.current = module;
      const store = module.loadBooking();
      saved.current = store;
      dispatchAction({ type: 'restore', store });
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const module = storeModule.current;
    if (!restored || !module || saved.current === state) return;
    module.saveBooking(saved.current, state);
    saved.current = state;
  }, [state, restored]);
  const dispatch = useCallback((event: BookingEvent) => dispatchAction(event), []);
  return { state, dispatch, restored };
}
