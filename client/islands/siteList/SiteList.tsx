import type { FormEvent, MouseEvent } from 'react';
import { countText, fillText, type PluralText } from '../../../markets/translations/plural.js';
import type { SiteCardData } from '../../shared/sites/siteCard.js';
import { withKeyphrase, withoutFilter } from '../../shared/sites/siteListQuery.js';
import { SiteCardGrid, type SiteCardContext } from '../../sites/SiteCard.js';
import { useSiteSearch } from './useSiteSearch.js';

export interface SiteListTexts {
  heading: string;
  searchLabel: string;
  searchButton: string;
  searchPlaceholder: string;
  /** `{count}` sites. */
  count: PluralText;
  /** `{count}` sites match `{query}`. */
  matching: PluralText;
  showAll: string;
  noResults: string;
  error: string;
  activeFilters: string;
  /** `{label}` */
  removeFilter: string;
  clearFilters: string;
}

export interface SiteListProps {
  /** The page's path: the search form's GET action without JavaScript. */
  path: string;
  /** The page's query as the server read it (`q`, filters, anything else it carried), without '?'. */
  query: string;
  /** The server's search (the same the island makes); null when it failed. */
  sites: SiteCardData[] | null;
  keyphrase: string;
  /** The search box shows: the market has more sites than part 1 §9's threshold, or words were given. */
  searchable: boolean;
  /** The URL's filters (department brand, service), each a removable chip. */
  filters: { field: string; value: string; label: string }[];
  locale: string;
  card: SiteCardContext;
  texts: SiteListTexts;
}

/**
 * The site list (se /anlaggningar, fi /toimipisteet and /sv/toimipisteet, every market's): a search that
 * answers as the shopper types (useSiteSearch.ts), the URL's filters as chips that remove them, the count
 * (announced as it changes) and the cards. The server renders the first list; without JavaScript the box is
 * a GET form and the chips plain links.
 */
export function SiteList({ path, query, sites, keyphrase, searchable, filters, locale, card, texts }: SiteListProps) {
  const search = useSiteSearch(path, query, { keyphrase, sites });
  const { results } = search;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.searchNow(search.text);
  };
  const showAll = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    search.searchNow('');
    document.getElementById('site-search-q')?.focus();
  };
  const count = results.sites?.length ?? 0;
  return (
    <section className="site-list" aria-labelledby="site-list-title" aria-busy={search.busy}>
      <h2 id="site-list-title">{texts.heading}</h2>
      {searchable && (
        <form className="site-search" role="search" method="get" action={path} onSubmit={onSubmit}>
          <label htmlFor="site-search-q">{texts.searchLabel}</label>
          <div className="site-search__row">
            {filters.map((f) => (
              <input key={`${f.field}=${f.value}`} type="hidden" name={f.field} value={f.value} />
            ))}
            <input
              id="site-search-q"
              type="search"
              maxLength={200}
              autoComplete="off"
              placeholder={texts.searchPlaceholder}
              aria-controls="site-list-results"
              name="q"
              value={search.text}
              onChange={(e) => search.type(e.target.value)}
              onBlur={search.settle}
            />
            <button type="submit" className="button">
              {texts.searchButton}
            </button>
          </div>
        </form>
      )}
      {filters.length > 0 && (
        <nav className="site-filters" aria-label={texts.activeFilters}>
          <ul className="site-filters__chips">
            {filters.map((f) => (
              <li key={`${f.field}=${f.value}`}>
                <a
                  className="chip"
                  href={`${path}${withoutFilter(search.params, f)}`}
                  aria-label={fillText(texts.removeFilter, { label: f.label })}
                >
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
          {filters.length > 1 && <a href={`${path}${withoutFilter(search.params)}`}>{texts.clearFilters}</a>}
        </nav>
      )}
      <div id="site-list-results">
        {/* Always there, so a screen reader announces each new count (a live region must exist before it changes). */}
        <p className="site-list__count">
          <span role="status">
            {results.sites === null
              ? ''
              : results.keyphrase
                ? countText(texts.matching, locale, count, { query: results.keyphrase })
                : countText(texts.count, locale, count)}
          </span>
          {results.sites !== null && results.keyphrase && (
            <>
              {' '}
              <a href={`${path}${withKeyphrase(search.params, '')}`} onClick={showAll}>
                {texts.showAll}
              </a>
            </>
          )}
        </p>
        {results.sites === null ? (
          <p className="site-list__error" role="alert">
            {texts.error}
          </p>
        ) : count > 0 ? (
          <SiteCardGrid sites={results.sites} context={card} />
        ) : (
          <p className="site-list__empty">{texts.noResults}</p>
        )}
      </div>
    </section>
  );
}
