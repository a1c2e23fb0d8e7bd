import { usePage } from '../PageContext.js';

export function HomePage() {
  const { market, t } = usePage();
  return (
    <section className="page-intro">
      <h1>{t('page.homeHeading', { site: market.siteName })}</h1>
      <p>{t('page.homeIntro')}</p>
      <p>
        <a className="button" href={market.paths.carList}>
          {t('page.browseCars')}
        </a>
      </p>
    </section>
  );
}
