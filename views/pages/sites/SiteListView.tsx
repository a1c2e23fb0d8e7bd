import { usePage } from '../../PageContext.js';
import { SiteCardGrid, type SiteCardData } from './SiteCard.js';
import { SiteFilterChips, type SiteListFilters } from './SiteFilterChips.js';

const NO_FILTERS: SiteListFilters = { chips: [], hidden: [], clearSearch: '' };

export interface SiteListViewProps {
  /** null when the search service could not answer (logged; the page still shows). */
  sites: readonly SiteCardData[] | null;
  /** How many sites the market has: the search box shows above `searchThreshold`. */
  allCount: number;
  searchThreshold: number;
  keyphrase: string;
  /** Filters from the URL (department brand, service), shown as removable chips. */
  filters?: SiteListFilters;
}

/**
 * Every site of the market as cards linking to their pages. Above the threshold a search box
 * narrows the list: a plain GET form (`?q=`) the server answers, so it needs no script.
 */
export function SiteListView({ sites, allCount, searchThreshold, keyphrase, filters = NO_FILTERS }: SiteListViewProps) {
  const { t, path } = usePage();
  const searchable = allCount > searchThreshold || keyphrase !== '';
  return (
    <section className="site-list" aria-labelledby="site-list-title">
      <h2 id="site-list-title">{t('pages.sitesHeading')}</h2>
      {searchable && (
        <form className="site-search" role="search" method="get" action={path}>
          <label htmlFor="site-search-q">{t('pages.sitesSearchLabel')}</label>
          <div className="site-search__row">
            {filters.hidden.map((field) => (
              <input key={`${field.name}=${field.value}`} type="hidden" name={field.name} value={field.value} />
            ))}
            <input
              id="site-search-q"
              type="search"
              name="q"
              defaultValue={keyphrase}
              maxLength={200}
              autoComplete="off"
              placeholder={t('pages.sitesSearchPlaceholder')}
            />
            <button type="submit" className="button">
              {t('pages.sitesSearchButton')}
            </button>
          </div>
        </form>
      )}
      <SiteFilterChips filters={filters} />
      {sites === null ? (
        <p className="site-list__error" role="alert">
          {t('pages.sitesError')}
        </p>
      ) : (
        <>
          <p className="site-list__count">
            {keyphrase
              ? t('pages.sitesMatching', { count: sites.length, query: keyphrase })
              : t('pages.sitesCount', { count: sites.length })}
            {keyphrase && (
              <>
                {' '}
                <a href={path}>{t('pages.sitesShowAll')}</a>
              </>
            )}
          </p>
          {sites.length > 0 ? (
            <SiteCardGrid sites={sites} />
          ) : (
            <p className="site-list__empty">{t('pages.sitesNoResults')}</p>
          )}
        </>
      )}
    </section>
  );
}
