import type { RequestHandler } from 'express';
import type { Language, Market } from '../../markets/schema.js';
import { redirectTo } from '../http/safeLocation.js';

/**
 * The one place that knows how a language shows in a URL: a market's first language has no prefix,
 * every other one is served under `/{lang}` (http://fi.localhost:3000/sv/autot). Content paths (what
 * the content service and the page routes work with) never carry the prefix; public paths (what a
 * page links to) carry it exactly once.
 */

/** Paths that are never pages, so never get a language prefix. */
const NOT_PAGES = /^\/(media|api|assets)(\/|$)/;

/** '' for the market's default language, else '/sv'. */
export function languagePrefix(market: Market, language: Language): string {
  return language === market.languages[0] ? '' : `/${language}`;
}

/** True when `path` starts with `prefix` as a whole segment: `/sv`, `/sv/x`, `/sv?y` but not `/svx`. */
function hasPrefix(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && '/?#'.includes(path[prefix.length]!));
}

/**
 * The public path of an internal path in `language`. Idempotent (a path that already carries the
 * prefix keeps it once); absolute URLs, `#fragments`, `?queries` and media/API/asset paths are left as they are.
 */
export function localisePath(market: Market, language: Language, path: string): string {
  return withPrefix(languagePrefix(market, language), path);
}

function withPrefix(prefix: string, path: string): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//') || NOT_PAGES.test(path) || hasPrefix(path, prefix))
    return path;
  return path === '/' ? prefix : /^\/[?#]/.test(path) ? prefix + path.slice(1) : prefix + path;
}

export type LanguagePath =
  | { kind: 'page'; language: Language; /** The content path, without the prefix. */ path: string }
  /** The default language's own code as a prefix (`/fi/autot` on the Finnish site): moved to the unprefixed path. */
  | { kind: 'defaultPrefix'; path: string };

/** Which language a request path is in, and its content path. */
export function splitLanguagePath(market: Market, path: string): LanguagePath {
  const segment = /^\/([a-z]{2})(?=\/|$)/.exec(path)?.[1];
  const language = market.languages.find((l) => l === segment);
  if (!language) return { kind: 'page', language: market.languages[0]!, path };
  const rest = path.slice(segment!.length + 1) || '/';
  return language === market.languages[0]
    ? { kind: 'defaultPrefix', path: rest }
    : { kind: 'page', language, path: rest };
}

const localisedMarkets = new WeakMap<Market, Map<Language, Market>>();

/** The market with its paths (car list, car detail base, stories...) as public paths in `language`; made once per pair. */
export function localisedMarket(market: Market, language: Language): Market {
  if (!languagePrefix(market, language)) return market;
  let byLanguage = localisedMarkets.get(market);
  if (!byLanguage) localisedMarkets.set(market, (byLanguage = new Map()));
  let localised = byLanguage.get(language);
  if (!localised) {
    const paths = Object.fromEntries(
      Object.entries(market.paths).map(([name, path]) => [name, localisePath(market, language, path)]),
    );
    localised = Object.freeze({ ...market, paths: paths as Market['paths'] });
    byLanguage.set(language, localised);
  }
  return localised;
}

/**
 * For page routes, after the redirect tables (which match the public, prefixed paths): `/fi/...` on a
 * site whose default is fi answers 301 to the unprefixed path; `/sv/...` is routed as its content path
 * (the language itself was set by marketResolution). `req.originalUrl` keeps the public URL.
 */
export function languageRouting(): RequestHandler {
  return (req, res, next) => {
    const split = splitLanguagePath(res.locals.market, req.path);
    const query = req.url.slice(req.path.length);
    if (split.kind === 'defaultPrefix') return redirectTo(res, 301, split.path + query);
    if (split.path !== req.path) req.url = split.path + query;
    next();
  };
}

/**
 * Rewrites the internal link paths of a content service answer to public paths: every content link
 * (`{ url, external: false }`), navigation item and story (`url: { path }`, not external) and
 * breadcrumb (`{ name, path }`). Identities (a page's own `path`, its `alternates`) are left alone.
 */
export function prefixContentLinks<T>(value: T, prefix: string): T {
  if (!prefix) return value;
  const publicPath = (path: string) => withPrefix(prefix, path);
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, key));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) {
      if (k === 'alternates') out[k] = v;
      else if (k === 'url' && typeof v === 'string' && record.external === false) out[k] = publicPath(v);
      else if (k === 'url' && isPathObject(v) && !record.externalLink) out[k] = { ...v, path: publicPath(v.path) };
      else if (k === 'path' && typeof v === 'string' && key === 'breadcrumbs') out[k] = publicPath(v);
      else out[k] = walk(v, k);
    }
    return out;
  };
  return walk(value) as T;
}

function isPathObject(value: unknown): value is { path: string } {
  return typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string';
}

interface AlternatesHead {
  indexable?: boolean;
  /** The content service's versions of the page (content paths); undefined: the page has the same path in every language. */
  alternates?: readonly { language: Language; path: string }[];
}

/**
 * The page at `contentPath` in each market language it exists in, as public paths; none for a page not to
 * index (an error page) unless it names its versions itself (the saved-cars page: noindex, in every language).
 */
export function pageAlternates(
  market: Market,
  language: Language,
  contentPath: string,
  head: AlternatesHead,
): { language: Language; path: string }[] {
  if (head.indexable === false && !head.alternates) return [];
  const known = head.alternates ?? market.languages.map((l) => ({ language: l, path: contentPath }));
  return market.languages.flatMap((l) => {
    const path = l === language ? contentPath : known.find((a) => a.language === l)?.path;
    return path === undefined ? [] : [{ language: l, path: localisePath(market, l, path) }];
  });
}

/**
 * One link per content-service language: to this page in that language when it exists, with the
 * page's query (the car list's filters) kept, in that language's words where a list page gave them
 * (`queries`, server/pages/languageQueries.ts); else to that language's home. `samePage` marks the
 * first kind, so a script that changes the query (the car list) can keep the links in step.
 */
export function languageLinks(
  market: Market,
  languages: readonly { code: Language; name: string }[],
  alternates: readonly { language: Language; path: string }[],
  query: URLSearchParams = new URLSearchParams(),
  queries: Partial<Record<Language, URLSearchParams>> = {},
): { language: Language; name: string; href: string; samePage: boolean }[] {
  if (market.languages.length < 2) return [];
  const searchOf = (language: Language) => {
    const inLanguage = queries[language] ?? query;
    return inLanguage.size > 0 ? `?${inLanguage.toString()}` : '';
  };
  return languages
    .filter((l) => market.languages.includes(l.code))
    .map((l) => {
      const path = alternates.find((a) => a.language === l.code)?.path;
      return path === undefined
        ? { language: l.code, name: l.name, href: localisePath(market, l.code, '/'), samePage: false }
        : { language: l.code, name: l.name, href: `${path}${searchOf(l.code)}`, samePage: true };
    });
}
