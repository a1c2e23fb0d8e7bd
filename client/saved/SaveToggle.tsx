import { useSyncExternalStore } from 'react';
import { toggleAndAnnounce } from './saveAction.js';
import { carName, savedCars, type CarToKeep } from './savedCars.js';

interface SaveToggleButtonProps {
  car: CarToKeep;
  /** 'Spara' (`saved.toggle`): the visible text; the name adds the car ('Spara: Volvo XC60 B4'). */
  label: string;
  pressed: boolean;
  onClick?: () => void;
}

/**
 * A save toggle as the server renders it outside islands (a card on a page of blocks, similar cars, the
 * car page): `data-save-car` holds what is kept of the car, and client/enhance/savedCars.ts sets its
 * state and runs it, so those pages load no React for it. Islands render `SaveToggle`.
 */
export function SaveToggleButton({ car, label, pressed, onClick }: SaveToggleButtonProps) {
  return (
    <button
      type="button"
      className="save-toggle"
      aria-pressed={pressed}
      aria-label={`${label}: ${carName(car)}`}
      data-save-car={onClick ? undefined : JSON.stringify(car)}
      onClick={onClick}
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
  return <SaveToggleButton car={car} label={label} pressed={pressed} onClick={() => toggleAndAnnounce(car)} />;
}
