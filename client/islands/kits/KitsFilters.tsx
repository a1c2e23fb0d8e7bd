import { useId, type FormEvent, type RefObject } from 'react';
import { KIT_FACETS, type KitFacetName, type KitFacetValue, type KitsQuery } from '../../shared/kits/kitsQuery.js';
import type { KitsResult } from '../../shared/kits/kitsResult.js';
import type { KitsSearchTexts } from './kitsSearchTexts.js';

interface KitsFiltersProps {
  /** The page's path: the form's GET action without JavaScript. */
  action: string;
  query: KitsQuery;
  result: KitsResult | null;
  hydrated: boolean;
  keyphraseInput: RefObject<HTMLInputElement | null>;
  onSearch: (query: KitsQuery) => void;
  texts: KitsSearchTexts;
}

/** The search box and the filter panel: a GET form without JavaScript, a search per change with it. */
export function KitsFilters({ action, query, result, hydrated, keyphraseInput, onSearch, texts }: KitsFiltersProps) {
  const id = useId();
  const toggle = (facet: KitFacetName, value: string, on: boolean) => {
    const values = on ? [...query.filters[facet], value] : query.filters[facet].filter((v) => v !== value);
    onSearch({
      keyphrase: keyphraseInput.current?.value.trim() ?? query.keyphrase,
      filters: { ...query.filters, [facet]: values },
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch({ ...query, keyphrase: keyphraseInput.current?.value.trim() ?? '' });
  };
  const filtered = query.keyphrase !== '' || KIT_FACETS.some((f) => query.filters[f].length > 0);

  return (
    <form className="kits__panel" method="get" action={action} onSubmit={submit} aria-labelledby={`${id}-filters`}>
      <h2 id={`${id}-filters`} className="kits__panel-title">
        {texts.filtersHeading}
      </h2>
      <div className="kits__search" role="search">
        <label htmlFor={`${id}-q`}>{texts.searchLabel}</label>
        <div className="kits__search-row">
          <input
            ref={keyphraseInput}
            id={`${id}-q`}
            type="search"
            name="keyphrase"
            defaultValue={query.keyphrase}
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {texts.searchButton}
          </button>
        </div>
      </div>
      {KIT_FACETS.map((facet) => (
        <fieldset key={facet} className="kits__facet">
          <legend>{texts.facets[facet]}</legend>
          <ul className="kits__options">
            {facetOptions(result, query, facet).map((option) => (
              <li key={option.value}>
                <label className="kits__option">
                  <input
                    type="checkbox"
                    name={facet}
                    value={option.value}
                    checked={query.filters[facet].includes(option.value)}
                    onChange={(e) => toggle(facet, option.value, e.currentTarget.checked)}
                  />
                  <span>{option.value}</span> <span className="kits__option-count">({option.count})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="kits__panel-actions">
        {!hydrated && (
          <button type="submit" className="button">
            {texts.apply}
          </button>
        )}
        {filtered && (
          <a
            className="kits__clear"
            href={action}
            onClick={(e) => {
              e.preventDefault();
              if (keyphraseInput.current) keyphraseInput.current.value = '';
              onSearch({ keyphrase: '', filters: { brand: [], category: [] } });
            }}
          >
            {texts.clear}
          </a>
        )}
      </div>
    </form>
  );
}

/** A facet's values; a ticked value the current result no longer counts stays listed (count 0) so it can be unticked. */
function facetOptions(result: KitsResult | null, query: KitsQuery, facet: KitFacetName): KitFacetValue[] {
  const values = result?.facets[facet] ?? [];
  const missing = query.filters[facet]
    .filter((v) => !values.some((o) => o.value === v))
    .map((value) => ({ value, count: 0 }));
  return [...values, ...missing];
}
