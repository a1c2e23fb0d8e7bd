import { fillText } from '../../markets/translations/plural.js';
import { carName, toggleSaved, type CarToKeep, type SaveResult } from './savedCars.js';

/** How long a confirmation stays on screen; the toggle's pressed state and the header's count say it too. */
const SHOWN_MS = 6_000;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * What every save toggle does when pressed (a React one in an island, a server-rendered one through
 * client/enhance/savedCars.ts): save or unsave the car, then say so in the layout's status region
 * (views/layout/SavedStatus.tsx: one polite live region per page, with the market's texts), shown
 * for a moment as a small notice too, so the limit's refusal is seen as well as heard.
 */
export function toggleAndAnnounce(car: CarToKeep): SaveResult {
  const result = toggleSaved(car);
  const status = document.querySelector<HTMLElement>('[data-saved-status]');
  const template = status?.dataset[result];
  if (status && template) {
    status.textContent = fillText(template, { car: carName(car) });
    status.dataset.shown = '';
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => delete status.dataset.shown, SHOWN_MS);
  }
  return result;
}
