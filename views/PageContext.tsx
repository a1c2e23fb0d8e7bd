import { createContext, useContext } from 'react';
import type { Language, Market } from '../markets/schema.js';
import type { PostedForm } from '../contracts/leadFormPost.js';
import type { Translate } from '../markets/translations/dictionaries.js';

/** Everything a server-rendered view may read about the request it renders. */
export interface PageContextValue {
  /** The request's market, its `paths` already in this page's language (`/sv/autot` on the Swedish side of the Finnish site): link with them as they are. */
  market: Market;
  language: Language;
  t: Translate;
  /** The origin absolute URLs are on (canonical, og:url): https://{first production hostname}, or the development host itself (server/markets/siteOrigin.ts). */
  origin: string;
  /** The public path being rendered (no query; with the language prefix), for canonical links and selected navigation. */
  path: string;
  /**
   * An internal path as this page's language links it: `href('/')` is `/sv` on the Swedish side of the Finnish
   * site and `/` elsewhere. Idempotent; content service links and `market.paths` already carry the prefix.
   */
  href: (path: string) => string;
  /** This page in each language it exists in (the current one included), as public paths: for hreflang. */
  alternates: readonly PageAlternate[];
  /** The language switch: every language the content service lists, linking to this page in it or to its home. Empty on one-language markets. */
  languageLinks: readonly LanguageLink[];
  /** The request's query, for forms that carry it on (the hero search). */
  searchParams: URLSearchParams;
  /** Editing mode for content editors (a preview token the content service accepted): unpublished content shows and editable fields are marked. */
  editing: boolean;
  /** Logs a part of the page that was left out or failed, with the request's id. */
  report: (message: string, detail: Record<string, unknown>) => void;
  /** IMAGE_URL_TEMPLATE as this page's pictures use it (client/shared/media/pictureUrl.ts `pageTemplate`); unset: /media. */
  pictureTemplate?: string | undefined;
  /** The answer of a lead form this page posted without scripts, shown once in that form (contracts/leadFormPost.ts). */
  postedForm?: PostedForm | undefined;
  /** Islands placed on this page, in order; filled while rendering, read by IslandScripts. */
  islands: Set<string>;
  nextIslandId: () => string;
}

export interface PageAlternate {
  language: Language;
  path: string;
}

export interface LanguageLink {
  language: Language;
  /** The language's own name ('Svenska'). */
  name: string;
  href: string;
  /** The same page in that language (with the query kept), not that language's home. */
  samePage: boolean;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a rendered page');
  return page;
}
