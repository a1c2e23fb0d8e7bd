import { usePage } from '../PageContext.js';
import { MainNavigation } from './MainNavigation.js';
import { navigationFor } from './navigationModel.js';
import type { LayoutData } from './layoutData.js';

/** Logo, the content service's navigation (drawer below 1280 px, mega menu above) and the car list shortcut. */
export function SiteHeader({ navigation }: { navigation: LayoutData['navigation'] }) {
  const { market, path, t } = usePage();
  const entries = navigation ? navigationFor(navigation, path) : [];
  return (
    <header className="site-header">
      <a className="site-header__logo" href="/" aria-label={t('layout.homeLink')}>
        {market.siteName}
      </a>
      {entries.length > 0 && (
        <>
          <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="site-menu" data-disclosure="">
            {t('layout.menu')}
          </button>
          <div className="site-menu" id="site-menu" hidden>
            <MainNavigation entries={entries} />
          </div>
        </>
      )}
      <a className="site-header__cta" href={market.paths.carList}>
        {t('page.browseCars')}
      </a>
    </header>
  );
}
