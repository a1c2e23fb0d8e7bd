import { carToKeep } from '../../client/saved/savedCars.js';
import { SaveToggleButton } from '../../client/saved/SaveToggle.js';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import { usePage } from '../PageContext.js';

/**
 * The save toggle of a server-rendered card or the car page: unpressed in the HTML (the same bytes for
 * every shopper, so the page stays cacheable); client/enhance/savedCars.ts presses it where the car is saved.
 */
export function CarSaveToggle({ car }: { car: CarSummary }) {
  const { t } = usePage();
  return <SaveToggleButton car={carToKeep(car)} label={t('saved.toggle')} pressed={false} />;
}
