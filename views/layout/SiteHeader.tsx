import { usePage } from '../PageContext.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { SavedCarsLink } from '../saved/SavedCarsLink.js';
import { MainNavigation } from './MainNavigation.js';
import { navigationFor } from './navigationModel.js';
import type { LayoutData } from './layoutData.js';

/**
 * Logo, the content service's navigation (a drawer below 1280 px, a mega menu from 1280 px; the
 * disclosure buttons run in client/enhance/disclosure.ts), then the tools: language switch, saved cars
 * (with their count) and the car list shortcut (inside the drawer on a phone, so the header stays one
 * row). Sticky after 100 px of scroll (client/enhance/scroll.ts).
 */
export function SiteHeader({ navigation }: { navigation: LayoutData['navigation'] }) {
  const { market, path, t, href } = usePage();
  const entries = navigation ? navigationFor(navigation, path) : [];
  return (
    <header className="site-header">
      {/* The name a screen reader hears starts with the words a sighted shopper sees (WCAG 2.5.3 label in name). */}
      <a className="site-header__logo" href={href('/')}>
        {market.siteName}
        <span className="visually-hidden">{`, ${t('layout.homeLink')}`}</span>
      </a>
      {entries.length > 0 && (
        <>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded="false"
            aria-controls="site-menu"
            data-disclosure=""
            data-label-open={t('layout.closeMenu')}
            data-label-closed={t('layout.menu')}
          >
            {t('layout.menu')}
          </button>
          <div className="site-menu" id="site-menu" hidden>
            <MainNavigation entries={entries} />
            {/* On a phone the header is one row: its car-list shortcut moves into the drawer (base.css). */}
            <a className="site-menu__cta" href={market.paths.carList}>
              {t('page.browseCars')}
            </a>
          </div>
        </>
      )}
      <div className="site-header__tools">
        <LanguageSwitch />
        <SavedCarsLink />
        <a className="site-header__cta" href={market.paths.carList}>
          {t('page.browseCars')}
        </a>
      </div>
    </header>
  );
}
