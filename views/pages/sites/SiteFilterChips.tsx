import { usePage } from '../../PageContext.js';

export interface SiteFilterChip {
  /** 'Make: Volvo'. */
  label: string;
  /** The query string of this page without this value ('' or '?…'). */
  search: string;
}

export interface SiteListFilters {
  chips: SiteFilterChip[];
  /** Kept as hidden fields by the search form, so a search stays inside the filters. */
  hidden: { name: string; value: string }[];
  /** The query string without any filter. */
  clearSearch: string;
}

/** The site list's active filters as links that remove them: plain links, so they work before (and without) any script. */
export function SiteFilterChips({ filters }: { filters: SiteListFilters }) {
  const { t, path } = usePage();
  if (filters.chips.length === 0) return null;
  return (
    <nav className="site-filters" aria-label={t('sites.activeFilters')}>
      <ul className="site-filters__chips">
        {filters.chips.map((chip) => (
          <li key={chip.label}>
            <a
              className="chip"
              href={`${path}${chip.search}`}
              aria-label={t('sites.removeFilter', { label: chip.label })}
            >
              {chip.label} <span aria-hidden="true">×</span>
            </a>
          </li>
        ))}
      </ul>
      {filters.chips.length > 1 && <a href={`${path}${filters.clearSearch}`}>{t('sites.clearFilters')}</a>}
    </nav>
  );
}
