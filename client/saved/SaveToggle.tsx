import { useSyncExternalStore } from 'react';
import { carName, savedCars, type CarToKeep } from './savedCars.js';

interface SaveToggleButtonProps {
  car: CarToKeep;
  /** 'Spara' (`saved.toggle`): the visible text; the name adds the car ('Spara: Volvo XC60 B4'). */
  label: string;
  pressed: boolean;
}

/**
 * A save toggle: `data-save-car` holds what is kept of the car, and client/enhance/savedCars.ts runs every one
 * on the page, server-rendered or in an island, from the moment the page shows it (client/enhance/earlyTaps.ts
 * keeps a tap that comes before that script), so a tap never waits for an island to hydrate.
 */
export function SaveToggleButton({ car, label, pressed }: SaveToggleButtonProps) {
  return (
    <button
      type="button"
      className="save-toggle"
      aria-pressed={pressed}
      aria-label={`${label}: ${carName(car)}`}
      data-save-car={JSON.stringify(car)}
    >
      {label}
    </button>
  );
}

const pressedNowOnServer = () => false;

/** A save toggle in an island: pressed while the car is saved, in this tab or another. */
export function SaveToggle({ car, label }: { car: CarToKeep; label: string }) {
  const pressed = useSyncExternalStore(
    savedCars.subscribe,
    () => savedCars.read().some((kept) => kept.id === car.id),
    pressedNowOnServer,
  );
  return <SaveToggleButton car={car} label={label} pressed={pressed} />;
}
