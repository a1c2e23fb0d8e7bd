import { usePage } from '../PageContext.js';
import { NavLink } from './NavLink.js';
import type { NavEntry } from './navigationModel.js';

/**
 * Three levels of navigation in one markup: from 1280 px a mega menu (each top-level button opens a
 * panel of columns), below that the same list inside the drawer. Disclosure buttons are driven by
 * client/enhance/disclosure.ts.
 */
export function MainNavigation({ entries }: { entries: NavEntry[] }) {
  const { t } = usePage();
  return (
    <nav className="main-nav" aria-label={t('layout.mainNavigation')}>
      <ul className="main-nav__list">
        {entries.map((entry) => (
          <li key={entry.id} className="main-nav__item">
            {entry.children.length === 0 ? (
              <NavLink entry={entry} className="main-nav__top" />
            ) : (
              <>
                <button
                  type="button"
                  className={`main-nav__top${entry.selected ? ' is-selected' : ''}`}
                  aria-expanded="false"
                  aria-controls={`panel-${entry.id}`}
                  data-disclosure=""
                  data-group="mega"
                >
                  {entry.label}
                </button>
                <div className="mega-panel" id={`panel-${entry.id}`} hidden>
                  <p className="mega-panel__all">
                    <NavLink entry={{ ...entry, label: t('layout.allIn', { section: entry.label }) }} />
                  </p>
                  <ul className="mega-panel__columns">
                    {entry.children.map((child) => (
                      <li key={child.id}>
                        <NavLink entry={child} className="mega-panel__heading" />
                        {child.children.length > 0 && (
                          <ul className="mega-panel__links">
                            {child.children.map((leaf) => (
                              <li key={leaf.id}>
                                <NavLink entry={leaf} />
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
