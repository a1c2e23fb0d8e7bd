import type { ReactNode } from 'react';
import { usePage } from './PageContext.js';

/** Header, main and footer shared by every page of every market. */
export function Layout({ children }: { children: ReactNode }) {
  const { market, t } = usePage();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="site-header">
        <a className="site-header__logo" href="/" aria-label={t('layout.homeLink')}>
          {market.siteName}
        </a>
        <nav aria-label={t('layout.mainNavigation')}>
          <ul className="site-nav">
            <li>
              <a href={market.paths.carList}>{t('page.browseCars')}</a>
            </li>
            <li>
              <a href={market.paths.siteDetail}>{t('page.findSite')}</a>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <h2 className="visually-hidden">{t('layout.footerHeading')}</h2>
        <p>
          © {new Date().getFullYear()} {market.siteName}
        </p>
      </footer>
    </>
  );
}
