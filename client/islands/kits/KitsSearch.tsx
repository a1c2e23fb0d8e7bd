import { useId, useRef, useState } from 'react';
import { useHydrated } from '../../hydration/useHydrated.js';
import { fillText, countText } from '../../../markets/translations/plural.js';
import { KitDialog } from './KitDialog.js';
import { kitsQueryParams, KITS_PAGE_SIZE, type KitItem, type KitsQuery } from '../../shared/kits/kitsQuery.js';
import type { KitsResult } from '../../shared/kits/kitsResult.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';
import { KitCard } from './KitCard.js';
import { KitsFilters } from './KitsFilters.js';
import { useKitsSearch } from './useKitsSearch.js';
import type { KitsSearchTexts } from './kitsSearchTexts.js';

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

/**
 * The kits page: search box, filter panel, kit cards with a modal detail, and show-more (48 a page), over its
 * state (useKitsSearch.ts). The server renders the first page; without JavaScript the panel is a GET form and
 * show-more a link.
 */
export function KitsSearch({ action, locale, query: initialQuery, initial, texts, pictures }: KitsSearchProps) {
  const id = useId();
  const { query, result, busy, list, run, showMore } = useKitsSearch(action, initialQuery, initial);
  const [selected, setSelected] = useState<KitItem | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const keyphraseInput = useRef<HTMLInputElement>(null);

  // Buttons that need JavaScript (a kit's detail) appear once hydrated.
  const hydrated = useHydrated();

  // A deep link rendered on the server shows its own page alone: the kits before it count as shown.
  const shown = result ? (result.fromPage ?? 0) * KITS_PAGE_SIZE + result.kits.length : 0;
  const pages = Math.max(1, Math.ceil(shown / KITS_PAGE_SIZE));

  return (
    <div className="kits">
      <KitsFilters
        action={action}
        query={query}
        result={result}
        hydrated={hydrated}
        keyphraseInput={keyphraseInput}
        onSearch={run}
        texts={texts}
      />

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
              <KitCard
                key={kit.kitId}
                kit={kit}
                locale={locale}
                layout={pictures.card}
                onOpen={
                  hydrated
                    ? (opened) => {
                        opener.current = opened;
                        setSelected(kit);
                      }
                    : undefined
                }
                texts={texts}
              />
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
                if (!busy) showMore();
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

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
