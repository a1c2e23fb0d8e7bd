import { usePage } from '../PageContext.js';

/** Editing mode refused: the content service did not accept the editor's preview token. */
export function PreviewRejectedPage() {
  const { t, path, searchParams } = usePage();
  const query = searchParams.toString();
  return (
    <section className="page-intro">
      <h1>{t('seo.previewRejectedTitle')}</h1>
      <p>{t('seo.previewRejectedText')}</p>
      <p>
        <a href={query ? `${path}?${query}` : path}>{t('seo.previewRejectedLink')}</a>
      </p>
    </section>
  );
}
