import { useState } from 'react';
import type { CarSummary } from '../shared/cars/carSummary.js';
import { addToCompare, removeFromCompare } from './compareStore.js';
import { useCompare } from './useCompare.js';

/** Texts from the server (views/compare/compareLabels.ts `compareToggleLabels(t)`). */
export interface CompareToggleLabels {
  /** The button text, e.g. 'Jämför'; the car's name is added for screen readers. */
  toggle: string;
  /** Shown when a fifth car is added. */
  limitReached: string;
}

/**
 * Adds the car to the compare list or takes it out (a pressed toggle). At the limit the car is not
 * added and the reason is shown next to the button. Works in any island: the list is shared.
 */
export function CompareToggle({ car, labels }: { car: CarSummary; labels: CompareToggleLabels }) {
  const compared = useCompare().some((entry) => entry.id === car.id);
  const [atLimit, setAtLimit] = useState(false);
  const toggle = () => {
    if (compared) {
      removeFromCompare(car.id);
      setAtLimit(false);
    } else {
      setAtLimit(addToCompare(car) === 'full');
    }
  };
  return (
    <span className="compare-toggle">
      <button
        type="button"
        className="compare-toggle__button"
        aria-pressed={compared}
        aria-label={`${labels.toggle}: ${car.brand} ${car.model} ${car.variant}`}
        onClick={toggle}
      >
        <span aria-hidden="true" className="compare-toggle__box">
          {compared ? '✓' : ''}
        </span>
        {labels.toggle}
      </button>
      <span role="status" className="compare-toggle__limit">
        {atLimit && !compared ? labels.limitReached : ''}
      </span>
    </span>
  );
}
