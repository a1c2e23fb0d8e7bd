import { SAVED_MAX } from '../../client/saved/savedCars.js';
import { usePage } from '../PageContext.js';

/**
 * The page's one live region for the save toggles (client/saved/saveAction.ts): it says which car was
 * saved or taken off, or that the list is full, in the market's words (`{car}` is filled in the browser),
 * and shows it for a moment as a small notice.
 */
export function SavedStatus() {
  const { t } = usePage();
  return (
    <p
      className="saved-status"
      role="status"
      data-saved-status=""
      data-saved={t('saved.announceSaved')}
      data-removed={t('saved.announceRemoved')}
      data-full={t('saved.full', { count: SAVED_MAX })}
    />
  );
}
