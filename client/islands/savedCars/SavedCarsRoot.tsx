import { RecentCars } from './RecentCars.js';
import { SavedCarsPage } from './SavedCarsPage.js';
import type { SavedCarsProps } from './savedCarsTypes.js';

/** One island, two placements: the saved-cars page, or the recently viewed cars on a car page. */
export function SavedCarsRoot(props: SavedCarsProps) {
  return props.part === 'page' ? <SavedCarsPage {...props} /> : <RecentCars {...props} />;
}
