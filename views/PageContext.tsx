import { createContext, useContext } from 'react';
import type { Language, Market } from '../markets/schema.js';
import type { Translate } from '../markets/translations/dictionaries.js';

/** Everything a server-rendered view may read about the request it renders. */
export interface PageContextValue {
  market: Market;
  language: Language;
  t: Translate;
  /** The path being rendered (no query), for canonical links and selected navigation. */
  path: string;
  /** The request's query, for forms that carry it on (the hero search). */
  searchParams: URLSearchParams;
  nonce: string;
  /** Editing mode for content editors (a preview token the content service accepted): unpublished content shows and editable fields are marked. */
  editing: boolean;
  /** Logs a part of the page that was left out or failed, with the request's id. */
  report: (message: string, detail: Record<string, unknown>) => void;
  /** Islands placed on this page, in order; filled while rendering, read by IslandScripts. */
  islands: Set<string>;
  nextIslandId: () => string;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a rendered page');
  return page;
}
