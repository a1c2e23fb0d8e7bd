import { useSyncExternalStore } from 'react';
import { readSession, removeSession, writeSession } from '../../storage/sessionStore.js';
import { EMPTY_FLOW, STORAGE_KEY, StoredFlow, guardedStep, restoredStep, type Step } from './flowState.js';

/**
 * The flow's state as an external store over sessionStorage: the server (and hydration) see the
 * empty flow on Search; right after, the browser's snapshot puts a reload back where it was.
 */
export interface FlowSnapshot {
  flow: StoredFlow;
  step: Step;
}

const SERVER_SNAPSHOT: FlowSnapshot = { flow: EMPTY_FLOW, step: 'search' };
let current: FlowSnapshot | undefined;
const listeners = new Set<() => void>();

function snapshot(): FlowSnapshot {
  if (!current) {
    const flow = readSession(STORAGE_KEY, StoredFlow) ?? EMPTY_FLOW;
    current = { flow, step: restoredStep(flow) };
  }
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Moves to `step` (guarded: part 2 §2.5) with `flow`, stored for a reload; the empty flow removes the key. */
export function moveFlow(step: Step, flow: StoredFlow): void {
  if (flow === EMPTY_FLOW) removeSession(STORAGE_KEY);
  else writeSession(STORAGE_KEY, flow);
  current = { flow, step: guardedStep(step, flow) };
  listeners.forEach((listener) => listener());
}

export function useFlow(): FlowSnapshot {
  return useSyncExternalStore(subscribe, snapshot, () => SERVER_SNAPSHOT);
}
