/**
 * Step 4 (workshops, times, prices, the contact form with react-hook-form, the map's wrapper) is its
 * own chunk: the page's first JavaScript stays small, and the chunk is fetched once step 2 shows.
 */
export const loadStepWorkshop = () => import('./StepWorkshop.js');
/** Steps 2 and 3 likewise, fetched as soon as the shopper starts on step 1 (StepRegistration). */
export const loadStepOfferings = () => import('./StepOfferings.js');
