import { enhanceAlert } from './alertBanner.js';
import { enhanceCarousels } from './carousel.js';
import { enhanceCountdowns } from './countdown.js';
import { enhanceDisclosures } from './disclosure.js';
import { enhanceHeroSearch } from './heroSearch.js';
import { enhanceSavedCars } from './savedCars.js';
import { enhanceScrolling } from './scroll.js';
import { enhanceShare } from './share.js';
import { enhanceVideoEmbeds } from './videoEmbed.js';
import { inTurns } from './yieldToInput.js';

/**
 * The one small script every page loads, without React: native HTML does the rest (<details> for
 * accordions and the file list). A section's reload button ('Ladda om sidan') reloads the page.
 * Each part in a task of its own (issue 49): saved cars first, as a save toggle may have been tapped already.
 */
void inTurns([
  enhanceSavedCars,
  enhanceDisclosures,
  enhanceAlert,
  enhanceScrolling,
  enhanceCarousels,
  enhanceCountdowns,
  enhanceShare,
  enhanceVideoEmbeds,
  enhanceHeroSearch,
  () =>
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest('[data-reload]')) location.reload();
    }),
]);
