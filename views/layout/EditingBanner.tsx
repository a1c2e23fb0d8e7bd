import { END_PREVIEW_QUERY } from '../../contracts/upstream/content.js';
import { usePage } from '../PageContext.js';

/** Tells a content editor the page is in editing mode, with the way out (the server drops the preview cookie). */
export function EditingBanner() {
  const { t, editing } = usePage();
  if (!editing) return null;
  return (
    <div className="editing-banner" role="status">
      <p className="editing-banner__text">{t('seo.editingBanner')}</p>
      <a className="editing-banner__exit" href={`?${END_PREVIEW_QUERY}=1`}>
        {t('seo.editingExit')}
      </a>
    </div>
  );
}
