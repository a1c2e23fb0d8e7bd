import type { ReactNode } from 'react';
import { AlertBanner } from './layout/AlertBanner.js';
import { EditingBanner } from './layout/EditingBanner.js';
import { EMPTY_LAYOUT, type LayoutData } from './layout/layoutData.js';
import { SiteFooter } from './layout/SiteFooter.js';
import { SiteHeader } from './layout/SiteHeader.js';
import { SavedStatus } from './saved/SavedStatus.js';
import { usePage } from './PageContext.js';

/** Skip link, alert, header, main and footer shared by every page of every market. */
export function Layout({ data = EMPTY_LAYOUT, children }: { data?: LayoutData; children: ReactNode }) {
  const { t } = usePage();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <EditingBanner />
      {data.alert && <AlertBanner alert={data.alert} />}
      <SiteHeader navigation={data.navigation} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter brands={data.brands} />
      <SavedStatus />
      {/* A round arrow (the name stays the text): small enough to sit in the footer's bottom band and in the compare bar's corner. */}
      <button type="button" className="scroll-top" data-scroll-top="" hidden>
        <span aria-hidden="true">↑</span>
        <span className="visually-hidden">{t('layout.scrollToTop')}</span>
      </button>
    </>
  );
}
