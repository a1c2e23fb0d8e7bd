import { useCallback, useEffect, useReducer, useRef } from 'react';
import { bookingReducer, type BookingEvent } from './bookingMachine.js';
import { INITIAL_BOOKING, type BookingStore } from './bookingState.js';
import { loadBooking, saveBooking } from './bookingStore.js';

type Action = BookingEvent | { type: 'restore'; store: BookingStore };
interface Held {
  store: BookingStore;
  restored: boolean;
}

const reducer = (held: Held, action: Action): Held =>
  action.type === 'restore' ? { store: action.store, restored: true } : { ...held, store: bookingReducer(held.store, action) };

/**
 * The booking state for the island: the server and the first browser render start empty (so
 * hydration matches), then the session's store is restored and every change is written back.
 */
export function useBookingStore(): { state: BookingStore; dispatch: (event: BookingEvent) => void; restored: boolean } {
  const [{ store: state, restored }, dispatchAction] = useReducer(reducer, { store: INITIAL_BOOKING, restored: false });
  const saved = useRef(INITIAL_BOOKING);
  useEffect(() => {
    const store = loadBooking();
    saved.current = store;
    dispatchAction({ type: 'restore', store });
  }, []);
  useEffect(() => {
    if (!restored || saved.current === state) return;
    saveBooking(saved.current, state);
    saved.current = state;
  }, [state, restored]);
  const dispatch = useCallback((event: BookingEvent) => dispatchAction(event), []);
  return { state, dispatch, restored };
}
