import { usePage } from '../PageContext.js';

/** What a shopper sees where a section failed: 'Aj då' and a reload button, the rest of the page intact. */
export function SectionError() {
  const { t } = usePage();
  return (
    <section className="section-error" role="alert">
      <h2 className="section-error__title">{t('error.sectionTitle')}</h2>
      <button type="button" className="button" data-reload="">
        {t('error.sectionReload')}
      </button>
    </section>
  );
}
