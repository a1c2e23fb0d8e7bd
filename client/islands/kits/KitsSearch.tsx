import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { keepQueryOnLanguageLinks } from '../../lists/languageLinks.js';
import { search } from '../../api/search.js';
import { keepInPlace } from '../../lists/keepInPlace.js';
import { queryInPlace } from '../../shared/lists/queryInPlace.js';
import { fillText, countText, type PluralText } from '../../../markets/translations/plural.js';
import { KitDialog, type KitDialogTexts } from './KitDialog.js';
import {
  formatKitPrice,
  isKitsParam,
  KIT_FACETS,
  kitsFetchBodies,
  kitsQueryParams,
  kitsSearchBody,
  KITS_PAGE_SIZE,
  type KitFacetName,
  type KitFacetValue,
  type KitItem,
  type KitsQuery,
} from '../../shared/kits/kitsQuery.js';
import { toKitItem, type KitDocument } from '../../shared/kits/kitItem.js';
import { facetsOf, type KitsResult } from '../../shared/kits/kitsResult.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';

export interface KitsSearchTexts extends KitDialogTexts {
  searchLabel: string;
  searchButton: string;
  filtersHeading: string;
  facets: Record<KitFacetName, string>;
  apply: string;
  clear: string;
  /** A count text (`{count}`). */
  count: PluralText;
  /** `{shown}`, `{total}` */
  showing: string;
  showMore: string;
  noResults: string;
  error: string;
}

export interface KitsSearchProps {
  /** The page's path: the filter form's GET action and the show-more link without JavaScript. */
  action: string;
  locale: string;
  query: KitsQuery;
  /** The first render's result (the server's search, the same the island would make); null when it failed. */
  initial: KitsResult | null;
  texts: KitsSearchTexts;
  /** The layouts of its pictures, from the page (client/shared/media/pictureLayouts.ts): props, so the island's bundle carries no layout table. */
  pictures: { card: PictureLayout; dialog: PictureLayout };
}

function searchKits(query: KitsQuery, offset: number, body = kitsSearchBody(query, offset)) {
  return search<KitDocument>(body);
}

/**
 * The kits page: search box, filter panel, kit cards with a modal detail, and show-more (48 a page).
 * The server renders the first page; without JavaScript the panel is a GET form and show-more a link.
 */
export function KitsSearch({ action, locale, query: initialQuery, initial, texts, pictures }: KitsSearchProps) {
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const [result, setResult] = useState<KitsResult | null>(initial);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<KitItem | null>(null);
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const keyphraseInput = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const place = useRef<(() => void) | null>(null);

  // false on the server and while hydrating (so the markup matches), true after: buttons that need JavaScript appear then.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useEffect(() => {
    if (firstNew.current === null) return;
    list.current?.querySelectorAll<HTMLButtonElement>('.kit-card__open')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [result]);

  // A deep link rendered on the server shows its own page alone: the kits before it count as shown.
  const shown = result ? (result.fromPage ?? 0) * KITS_PAGE_SIZE + result.kits.length : 0;
  const pages = Math.max(1, Math.ceil(shown / KITS_PAGE_SIZE));

  async function run(next: KitsQuery) {
    setQuery(next);
    setBusy(true);
    const call = ++latest.current;
    try {
      const answer = await searchKits(next, 0);
      if (call !== latest.current) return;
      setResult({ kits: answer.content.map(toKitItem), total: answer.total_items, facets: facetsOf(answer.facet) });
      history.replaceState(history.state, '', addressOf(action, kitsQueryParams(next)));
      keepQueryOnLanguageLinks(location.search, 'kits');
    } catch {
      if (call === latest.current) setResult(null);
    } finally {
      if (call === latest.current) setBusy(false);
    }
  }

  // A deep link (`?page=N`): the pages before the one the server rendered come in above it, the shopper's
  // view kept in place. Show-more waits for them (it goes on from the last kit); a new search replaces them.
  useEffect(() => {
    const upTo = initial?.fromPage ?? 0;
    if (!initial || upTo === 0) return;
    const call = ++latest.current;
    Promise.all(
      kitsFetchBodies(initialQuery, 0, upTo - 1).map((body) => searchKits(initialQuery, body.offset, body)),
    ).then(
      (answers) => {
        if (call !== latest.current) return;
        const earlier = answers.flatMap((a) => a.content.map(toKitItem));
        const known = new Set(earlier.map((kit) => kit.kitId));
        place.current = keepInPlace(list.current?.firstElementChild);
        setResult({
          ...initial,
          kits: [...earlier, ...initial.kits.filter((kit) => !known.has(kit.kitId))],
          fromPage: 0,
        });
      },
      () => call === latest.current && setResult(null),
    );
    // The server's result is read once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    place.current?.();
    place.current = null;
  }, [result]);

  async function showMore() {
    if (!result || result.fromPage) return;
    setBusy(true);
    const call = ++latest.current;
    try {
      const answer = await searchKits(query, result.kits.length);
      if (call !== latest.current) return;
      firstNew.current = result.kits.length;
      const kits = [...result.kits, ...answer.content.map(toKitItem)];
      setResult({ ...result, kits, total: answer.total_items });
      history.replaceState(
        history.state,
        '',
        addressOf(action, kitsQueryParams(query, Math.ceil(kits.length / KITS_PAGE_SIZE))),
      );
      keepQueryOnLanguageLinks(location.search, 'kits');
    } catch {
      if (call === latest.current) setResult(null);
    } finally {
      if (call === latest.current) setBusy(false);
    }
  }

  const toggle = (facet: KitFacetName, value: string, on: boolean) => {
    const values = on ? [...query.filters[facet], value] : query.filters[facet].filter((v) => v !== value);
    void run({
      keyphrase: keyphraseInput.current?.value.trim() ?? query.keyphrase,
      filters: { ...query.filters, [facet]: values },
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run({ ...query, keyphrase: keyphraseInput.current?.value.trim() ?? '' });
  };
  const filtered = query.keyphrase !== '' || KIT_FACETS.some((f) => query.filters[f].length > 0);

  return (
    <div className="kits">
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
                void run({ keyphrase: '', filters: { brand: [], category: [] } });
              }}
            >
              {texts.clear}
            </a>
          )}
        </div>
      </form>

      <section className="kits__results" aria-labelledby={`${id}-count`} aria-busy={busy}>
        <p id={`${id}-count`} className="kits__count" role="status">
          {result ? countText(texts.count, locale, result.total) : ''}
        </p>
        {result === null && (
          <p className="kits__error" role="alert">
            {texts.error}
          </p>
        )}
        {result && result.kits.length === 0 && <p className="kits__empty">{texts.noResults}</p>}
        {result && result.kits.length > 0 && (
          <ul ref={list} className="kits__list">
            {result.kits.map((kit) => (
              <li key={kit.kitId} className="kit-card">
                {kit.images[0] && (
                  <ResponsiveImage
                    className="kit-card__image"
                    src={kit.images[0]}
                    alt=""
                    shape={[4, 3]}
                    layout={pictures.card}
                  />
                )}
                <h3 className="kit-card__title">
                  {hydrated ? (
                    <button
                      type="button"
                      className="kit-card__open"
                      aria-haspopup="dialog"
                      onClick={(e) => {
                        opener.current = e.currentTarget;
                        setSelected(kit);
                      }}
                    >
                      {kit.name}
                    </button>
                  ) : (
                    kit.name
                  )}
                </h3>
                <p className="kit-card__price">
                  <span className="visually-hidden">{`${texts.price} `}</span>
                  {formatKitPrice(kit.retailPrice, kit.currency, locale)}
                </p>
                <p className="kit-card__meta">
                  {texts.code} {kit.kitCode} · {texts.status[kit.status]}
                </p>
                <p className="kit-card__description">{kit.description}</p>
              </li>
            ))}
          </ul>
        )}
        {result && shown < result.total && (
          <div className="kits__more">
            <p className="kits__showing">{fillText(texts.showing, { shown, total: result.total })}</p>
            <a
              className="button kits__show-more"
              href={withQuery(action, kitsQueryParams(query, pages + 1))}
              aria-disabled={busy || undefined}
              onClick={(e) => {
                e.preventDefault();
                if (!busy) void showMore();
              }}
            >
              {texts.showMore}
            </a>
          </div>
        )}
      </section>
      <KitDialog
        layout={pictures.dialog}
        kit={selected}
        locale={locale}
        texts={texts}
        onClose={() => {
          setSelected(null);
          opener.current?.focus();
        }}
      />
    </div>
  );
}

const noSubscription = () => () => {};

/** The address bar with the kits' parameters: every other one (campaign tags) kept in place. */
function addressOf(path: string, params: URLSearchParams): string {
  return `${path}${queryInPlace(location.search, isKitsParam, params)}`;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A facet's values; a ticked value the current result no longer counts stays listed (count 0) so it can be unticked. */
function facetOptions(result: KitsResult | null, query: KitsQuery, facet: KitFacetName): KitFacetValue[] {
  const values = result?.facets[facet] ?? [];
  const missing = query.filters[facet]
    .filter((v) => !values.some((o) => o.value === v))
    .map((value) => ({ value, count: 0 }));
  return [...values, ...missing];
}
