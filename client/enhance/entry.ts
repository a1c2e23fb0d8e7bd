import { enhanceAlert } from './alertBanner.js';
import { enhanceDisclosures } from './disclosure.js';
import { enhanceScrolling } from './scroll.js';

/**
 * The one small script every page loads, without React: native HTML does the rest. A section's
 * reload button ('Ladda om sidan') reloads the page.
 */
enhanceDisclosures();
enhanceAlert();
enhanceScrolling();
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest('[data-reload]')) location.reload();
});
