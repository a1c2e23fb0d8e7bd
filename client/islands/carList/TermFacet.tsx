import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import type { SearchFacet } from '../../../contracts/upstream/search.js';
import { FACET_SEARCH_THRESHOLD, FACET_VISIBLE_VALUES } from '../../shared/carList/carListConfig.js';
import type { CarListTexts } from './carListTypes.js';
import { isPlainClick } from './plainClick.js';
import { fillText } from '../../../markets/translations/plural.js';

type TermValue = { value: string; count: number };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface TermFacetProps {
  name: string;
  facet: Extract<SearchFacet, { type: 'term' }> | undefined;
  selected: readonly string[];
  hrefFor: (value: string) => string;
  onToggle: (value: string) => void;
  texts: CarListTexts;
  defaultOpen?: boolean;
  /** A value as the shopper reads it (translated); the link still filters on the index's value. */
  labelOf?: (value: string) => string;
}

const noSubscription = () => () => {};

/**
 * One term facet: each value a link to the list with that value toggled (so it works without
 * JavaScript), shown as a checkbox. A search box from 10 values on; values past the first few
 * behind 'show more': a button after the last value shown, which puts the rest into the same
 * list, so 'show less' follows the last value. The rest are not in the page until asked for: without
 * JavaScript they sit in a <details> inside <noscript> (which a browser running scripts does not even
 * parse into elements), and until the island hydrates there is no 'show more' (a chosen value among them
 * shows them all from the start).
 */
export function TermFacet({
  name,
  facet,
  selected,
  hrefFor,
  onToggle,
  texts,
  defaultOpen = false,
  labelOf = (value) => value,
}: TermFacetProps) {
  const [query, setQuery] = useState('');
  // Open once (chosen values or the first facet); after that the shopper decides.
  const [open] = useState(defaultOpen || selected.length > 0);
  /** The values past the first few: shown or not once the shopper says (null: as the chosen values decide). */
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const searchId = useId();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  // false on the server and while hydrating (so the markup matches), true after.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const answered: TermValue[] = (facet?.values ?? []).map((v) => ({ value: String(v.value), count: v.count }));
  // A chosen value the other filters leave no car for still shows, so it can be unchosen.
  const values = [
    ...answered,
    ...selected.filter((s) => !answered.some((a) => a.value === s)).map((value) => ({ value, count: 0 })),
  ];
  if (values.length === 0) return null;

  const item = ({ value, count }: TermValue) => {
    const checked = selected.includes(value);
    const toggle = (event: MouseEvent | KeyboardEvent) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      onToggle(value);
    };
    return (
      <li key={value}>
        <a
          className="facet__value"
          href={hrefFor(value)}
          role="checkbox"
          aria-checked={checked}
          onClick={toggle}
          onKeyDown={(e) => e.key === ' ' && toggle(e)}
          rel="nofollow"
        >
          <span className="facet__box" aria-hidden="true" />
          <span className="facet__label">{labelOf(value)}</span>
          <span className="facet__count">{count}</span>
        </a>
      </li>
    );
  };

  const folded = fold(query.trim());
  const filtered = folded ? values.filter((v) => fold(labelOf(v.value)).includes(folded)) : null;
  const first = values.slice(0, FACET_VISIBLE_VALUES);
  const rest = values.slice(FACET_VISIBLE_VALUES);
  // A chosen value among the rest shows them from the start.
  const restChosen = rest.some((v) => selected.includes(v.value));
  const showRest = expanded ?? restChosen;
  const toggleRest = () => {
    setExpanded(!showRest);
    // Showing more: the keyboard goes on at the first value it brought.
    if (!showRest) requestAnimationFrame(() => list.current?.querySelectorAll('a')[first.length]?.focus());
  };

  return (
    <details className="facet" open={open}>
      <summary className="facet__name">
        {name}
        {selected.length > 0 && <span className="facet__selected"> ({selected.length})</span>}
      </summary>
      {values.length >= FACET_SEARCH_THRESHOLD && (
        <div className="facet__search">
          <label htmlFor={searchId} className="visually-hidden">
            {fillText(texts.facetSearch, { facet: name })}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={fillText(texts.facetSearch, { facet: name })}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          />
        </div>
      )}
      {filtered ? (
        filtered.length > 0 ? (
          <ul className="facet__values">{filtered.map(item)}</ul>
        ) : (
          <p className="facet__no-match" role="status">
            {fillText(texts.facetNoMatch, { query: query.trim() })}
          </p>
        )
      ) : (
        <>
          <ul className="facet__values" id={listId} ref={list}>
            {first.map(item)}
            {showRest && rest.map(item)}
          </ul>
          {rest.length > 0 &&
            (hydrated ? (
              <button
                type="button"
                className="facet__more-toggle"
                aria-expanded={showRest}
                aria-controls={listId}
                onClick={toggleRest}
              >
                {showRest ? texts.showLess : texts.showMore}
              </button>
            ) : (
              !showRest && (
                <noscript>
                  <details className="facet__more">
                    <summary>
                      <span className="facet__more-label">{texts.showMore}</span>
                      <span className="facet__less-label">{texts.showLess}</span>
                    </summary>
                    <ul className="facet__values">{rest.map(item)}</ul>
                  </details>
                </noscript>
              )
            ))}
        </>
      )}
    </details>
  );
}
