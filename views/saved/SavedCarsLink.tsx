import { usePage } from '../PageContext.js';

/**
 * The header's link to the saved-cars page with their count. The count is empty in the HTML (every
 * shopper gets the same cached bytes) and filled in the browser from its list (client/enhance/savedCars.ts);
 * a shopper who saved nothing sees no number. On a phone the words are for screen readers only, beside a heart.
 */
export function SavedCarsLink() {
  const { market, path, t } = usePage();
  const here = path === market.paths.savedCars;
  return (
    <a className="saved-link" href={market.paths.savedCars} aria-current={here ? 'page' : undefined}>
      <span className="saved-link__text">{t('saved.title')}</span>
      <span className="saved-link__count" data-saved-count="" hidden />
    </a>
  );
}
