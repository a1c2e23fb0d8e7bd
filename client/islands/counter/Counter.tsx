import { useState } from 'react';

export interface CounterProps {
  initial: number;
  labels: { count: string; increment: string; decrement: string };
}

/** The demo island: the smallest piece of state that proves hydration works. */
export function Counter({ initial, labels }: CounterProps) {
  const [count, setCount] = useState(initial);
  return (
    <div className="counter">
      <button type="button" onClick={() => setCount((c) => c - 1)}>
        {labels.decrement}
      </button>
      <output aria-live="polite" aria-label={labels.count}>
        {count}
      </output>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {labels.increment}
      </button>
    </div>
  );
}
