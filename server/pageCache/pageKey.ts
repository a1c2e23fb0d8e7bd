import { nearText, parseNear } from '../../client/shared/geo/roundedPlace.js';
import type { Request, Response } from 'express';
import { readCookie } from '../../client/shared/cookies.js';
import { CONTENT_PREVIEW_QUERY, END_PREVIEW_QUERY } from '../../contracts/upstream/content.js';
import { siteOrigin } from '../markets/siteOrigin.js';
import { PERSONAL_COOKIES } from '../http/personalCookies.js';
import { isPageParameter } from './pageParameters.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';

/*
 * Only the personal cookies (http/personalCookies.ts) keep a request from the cache. No other cookie changes a
 * page: the dismissed alert (`hideAlert`) is hidden in the browser (client/enhance/alertGate.ts), so a cached
 * page is the same bytes for everyone.
 */

/** Longer addresses are not worth a cache slot (and bound the key's size). */
const MAX_URL_LENGTH = 2_048;
/** No page reads a longer value (a keyphrase is at most 200 characters, a filter value 100). */
const MAX_PAGE_VALUE_LENGTH = 256;

export interface PageKey {
  /** `market|path|language|origin|query`: market and path first, so a purge can match a prefix. */
  key: string;
  market: string;
  path: string;
  /** What the page is rendered from: the path and the page-changing parameters, sorted. */
  url: string;
}

/** Why a request cannot use the shared cache, or undefined when it can. */
export function bypassReason(req: Request): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'method';
  // Long only for what the key keeps: junk parameters that make an address long still share the page.
  if (req.originalUrl.length > MAX_URL_LENGTH && req.path.length + pageQuery(req.originalUrl).length > MAX_URL_LENGTH)
    return 'long_url';
  if (req.query[CONTENT_PREVIEW_QUERY] !== undefined || req.query[END_PREVIEW_QUERY] !== undefined) return 'editing';
  if (cookieRole(req.headers.cookie) === 'personal') return 'personal';
  // A postcode the car list's plain form sent for 'nearest first', or a position finer than the 0.05° grid the
  // island writes (client/shared/geo/roundedPlace.ts): the page is one person's, never kept.
  if (req.query['postcode'] !== undefined) return 'personal';
  const near = req.query['near'];
  if (near !== undefined && (typeof near !== 'string' || nearText(parseNear(near) ?? { lat: 0, lng: 0 }) !== near))
    return 'personal';
  return undefined;
}

/** What a request's cookies mean to the cache: one person's (never cached), or nothing. */
export function cookieRole(cookies: string | undefined): 'personal' | 'none' {
  if (!cookies) return 'none';
  return PERSONAL_COOKIES.some((name) => readCookie(cookies, name) !== null) ? 'personal' : 'none';
}

/**
 * The cache key of an anonymous page request on a market host (res.locals.market and language are set).
 * The path without its trailing slashes, as the routes read it: `/om-oss`, `/om-oss/` and `/om-oss///`
 * are one page and one key, which a purge of `/om-oss` drops (the raw path left `/om-oss//` cached).
 */
export function pageKeyOf(req: Request, res: Response): PageKey {
  const { market, language } = res.locals;
  const query = pageQuery(req.originalUrl);
  const path = withoutTrailingSlashes(req.path);
  const origin = siteOrigin(market, req);
  return {
    key: [market.id, escapeBar(path), language, origin, query].join('|'),
    market: market.id,
    path,
    url: query ? `${path}?${query}` : path,
  };
}

/**
 * The query a page is keyed and rendered by: only parameters some page reads (pageParameters.ts),
 * each name=value pair once, stable-sorted by name, so `b=1&a=2&a=2&x=junk` and `a=2&b=1` are one
 * page, while a parameter's repeated values keep their order.
 */
export function pageQuery(originalUrl: string): string {
  const mark = originalUrl.indexOf('?');
  if (mark < 0) return '';
  const seen = new Set<string>();
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(originalUrl.slice(mark + 1))) {
    const pair = `${name}=${value}`;
    if (!isPageParameter(name) || value.length > MAX_PAGE_VALUE_LENGTH || seen.has(pair)) continue;
    seen.add(pair);
    kept.append(name, value);
  }
  kept.sort();
  return kept.toString();
}

/**
 * The query a page reads, cached or not: pageQuery's parameters, as many as fit in MAX_URL_LENGTH. Pages
 * put it on many links (chips, load more, language links, the hero search's hidden fields), so what a
 * URL adds beyond it, junk or length, could otherwise multiply a page's size.
 */
export function pageSearchParams(req: Pick<Request, 'originalUrl'>): URLSearchParams {
  const read = new URLSearchParams();
  let length = 0;
  for (const [name, value] of new URLSearchParams(pageQuery(req.originalUrl))) {
    length += new URLSearchParams([[name, value]]).toString().length + 1;
    if (length > MAX_URL_LENGTH) break;
    read.append(name, value);
  }
  return read;
}

/** The key prefix of every variant of one page (queries, languages' origins, trailing slashes), for a purge. */
export function pathKeyPrefix(market: string, path: string): string {
  return `${market}|${escapeBar(path)}|`;
}

export function marketKeyPrefix(market: string): string {
  return `${market}|`;
}

function escapeBar(path: string): string {
  return path.replace(/\|/g, '%7C');
}
