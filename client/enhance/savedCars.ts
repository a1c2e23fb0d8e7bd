import { toggleAndAnnounce } from '../saved/saveAction.js';
import { isCarToKeep, isSaved, recordViewed, savedCars, type CarToKeep, type KeptCar } from '../saved/savedCars.js';

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
 * Saved cars on every page, without React: the header's count and every save toggle (`data-save-car`, on
 * server-rendered cards, the car page and in islands, client/saved/SaveToggle.tsx) take their state from the
 * browser's list and keep it as it changes, here or in another tab; a tap on a toggle saves or unsaves its car. The car page's car becomes the
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
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-save-car]');
    const car = carOf(button?.dataset.saveCar);
    if (car) toggleAndAnnounce(car);
  });
  // Toggles tapped before this script ran show what the shopper asked for (client/enhance/earlyTaps.ts): do it.
  document.documentElement.dataset.enhanced = '';
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-save-car][data-tapped]')) {
    button.removeAttribute('data-tapped');
    const car = carOf(button.dataset.saveCar);
    if (car && isSaved(car.id) !== (button.getAttribute('aria-pressed') === 'true')) toggleAndAnnounce(car);
  }
  show(savedCars.read());
  savedCars.subscribe(show);

  const viewed = carOf(document.querySelector<HTMLElement>('[data-viewed-car]')?.dataset.viewedCar);
  if (!viewed) return;
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', () => recordViewed(viewed), { once: true });
  else recordViewed(viewed);
}
