import { toggleAndAnnounce } from '../saved/saveAction.js';
import { isCarToKeep, recordViewed, savedCars, type CarToKeep, type KeptCar } from '../saved/savedCars.js';

/** A car as a server-rendered element carries it (`data-save-car`, `data-viewed-car`); null when it is not one. */
function carOf(json: string | undefined): CarToKeep | null {
  try {
    const car: unknown = json ? JSON.parse(json) : null;
    return isCarToKeep(car) ? car : null;
  } catch {
    return null;
  }
}

/**
 * Saved cars on every page, without React: the header's count and the save toggles the server rendered
 * outside islands (cards on pages of blocks, similar cars, the car page) take their state from the
 * browser's list and keep it as it changes, here or in another tab. The car page's car becomes the
 * newest recently viewed one, once the shopper sees it (not while it is prerendered on a hover). Pages
 * stay the same bytes for everyone: nothing of the list is rendered on the server.
 */
export function enhanceSavedCars(): void {
  const counts = document.querySelectorAll<HTMLElement>('[data-saved-count]');
  const show = (cars: readonly KeptCar[]) => {
    for (const count of counts) {
      count.textContent = cars.length > 0 ? String(cars.length) : '';
      count.hidden = cars.length === 0;
    }
    const ids = new Set(cars.map((car) => car.id));
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-save-car]'))
      button.setAttribute('aria-pressed', String(ids.has(carOf(button.dataset.saveCar)?.id ?? '')));
  };
  show(savedCars.read());
  savedCars.subscribe(show);

  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-save-car]');
    const car = carOf(button?.dataset.saveCar);
    if (car) toggleAndAnnounce(car);
  });

  const viewed = carOf(document.querySelector<HTMLElement>('[data-viewed-car]')?.dataset.viewedCar);
  if (!viewed) return;
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', () => recordViewed(viewed), { once: true });
  else recordViewed(viewed);
}
