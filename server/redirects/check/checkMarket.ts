import type { Market } from '../../../markets/schema.js';
import type { CompiledRedirects } from '../compile-redirects.js';
import type { RedirectTable } from '../redirect-table.js';
import { resolveRedirect } from '../resolve-redirect.js';
import { followToEnd, inParallel, type GetPage } from './followToEnd.js';
import { sampleRule } from './samples.js';
import { judgeFilterValues, type FilterVocabulary } from './filterVocabulary.js';

/** A page a shopper or a crawler reaches without any redirect, and where it was found. */
export interface LivePage {
  path: string;
  from: string;
}

export interface MarketCheckInput {
  market: Market;
  compiled: CompiledRedirects;
  table: RedirectTable;
  /** Content tree, navigation and links on pages; the sitemap's URLs are added by the check. */
  livePages: LivePage[];
  /** The sitemap's URLs (absolute), as the app lists them: all are live pages. */
  sitemapUrls: string[];
  /** The sitemap URLs fetched (all by default; a sample of the cars keeps `npm test` fast). */
  fetchedSitemapUrls?: string[];
  get: GetPage;
  /** The listing filters' values the market's search indexes know; a rule ending on any other value fails. */
  filterVocabulary: FilterVocabulary;
}

export interface MarketCheck {
  marketId: string;
  rules: number;
  destinations: number;
  livePages: number;
  sitemapUrls: number;
  sitemapFetched: number;
  failures: string[];
  /** Pages rules end on that do not answer 200, with how many rules end there: the pages to create (or rules to mend). */
  missingPages: Map<string, number>;
  /** Rules into a listing filtered on a brand, model, region or site nothing in stock has today (not failures). */
  emptyToday: string[];
}

/** Query parameters of a destination whose value is a placeholder: filled from the request, so not the table's word. */
function placeholderParams(destination: string): Set<string> {
  const query = destination.split('?')[1] ?? '';
  return new Set(query.split('&').filter((pair) => pair.includes('{')).map((pair) => decodeURIComponent(pair.split('=')[0]!)));
}

const CANONICAL = /<link rel="canonical" href="([^"]*)"/;
const unescapeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://x');
  return parsed.pathname + parsed.search;
};

/**
 * The three promises of one market's table (issue 15): every rule's destination ends on a 200 page
 * (fetched through the app itself) and, when that page is a filtered listing, on filter values the
 * market's search index has (issue 26: a 200 empty list is a dead end too); no rule redirects a live
 * page; and every sitemap URL answers 200 with a canonical pointing at itself. Failures name `table:line` or the page and where it was found.
 */
export async function checkMarket(input: MarketCheckInput): Promise<MarketCheck> {
  const { market, compiled, table, get } = input;
  const failures: string[] = [];
  const missingPages = new Map<string, number>();
  const emptyToday: string[] = [];
  const live = [...input.livePages, ...input.sitemapUrls.map((url) => ({ path: pathOf(url), from: 'sitemap' }))];
  const livePaths = [...new Set(live.map((p) => p.path))];
  const ends = new Map<string, ReturnType<typeof followToEnd>>();
  const endOf = (url: string) => {
    if (!ends.has(url)) ends.set(url, followToEnd(get, market, url));
    return ends.get(url)!;
  };

  // 1. Every rule: its destination ends on a 200 page, and a request the rule wins is answered 301 by the app.
  const destinations = new Set<string>();
  // A line a later one overrides (same source and condition) is never served: lint reports it, nothing to fetch.
  const winners = table.rules.filter((rule, i) => !table.rules.slice(i + 1).some((later) => later.source.key === rule.source.key && later.condition?.name === rule.condition?.name && later.condition?.value === rule.condition?.value));
  await inParallel(winners, async (rule) => {
    const at = `${rule.table}:${rule.line}`;
    const shown = `${rule.sourceText}${rule.condition ? ' ' + rule.condition.text : ''} -> ${rule.destination.text}`;
    const sample = sampleRule(rule, livePaths);
    if (sample.unbound) return void failures.push(`${at}  ${shown}: dead end, ${sample.unbound}`);
    destinations.add(sample.destination);
    const end = await endOf(sample.destination);
    if (end.status !== 200) {
      failures.push(`${at}  ${shown}: destination ${sample.destination} ends ${end.status} at ${end.path}`);
      const page = end.path.split('?')[0]!;
      missingPages.set(page, (missingPages.get(page) ?? 0) + 1);
    }
    const verdict = judgeFilterValues(input.filterVocabulary, end.path, placeholderParams(rule.destination.text));
    for (const word of verdict.unknownWords) failures.push(`${at}  ${shown}: ends on an empty listing, ${word}`);
    for (const name of verdict.absentNames) emptyToday.push(`${at}  ${shown}: ${name}`);
    const winner = resolveRedirect(compiled, market.id, sample.source);
    if (winner?.rule.line !== rule.line) return; // a later line or a more specific rule answers this request
    const first = await get(market, sample.source);
    if (first.status !== 301) failures.push(`${at}  ${shown}: the app answers ${sample.source} with ${first.status}, not the rule's 301`);
  });

  // 2. No rule redirects a page that is live.
  const seen = new Set<string>();
  for (const page of live) {
    if (seen.has(page.path)) continue;
    seen.add(page.path);
    const found = resolveRedirect(compiled, market.id, page.path);
    if (found) failures.push(`${found.rule.table}:${found.rule.line}  ${found.rule.source} -> ${found.rule.destination}: redirects the live page ${page.path} (${page.from})`);
  }

  // 3. Every sitemap URL answers 200 with a canonical pointing at itself.
  const fetched = input.fetchedSitemapUrls ?? input.sitemapUrls;
  await inParallel(fetched, async (url) => {
    const answer = await get(market, pathOf(url));
    const canonical = CANONICAL.exec(answer.body)?.[1];
    if (answer.status !== 200) failures.push(`sitemap ${url}: answers ${answer.status}`);
    else if (canonical === undefined || unescapeHtml(canonical) !== url) failures.push(`sitemap ${url}: canonical is ${canonical === undefined ? 'missing' : unescapeHtml(canonical)}`);
  });

  return {
    marketId: market.id, rules: table.rules.length, destinations: destinations.size, livePages: seen.size,
    sitemapUrls: input.sitemapUrls.length, sitemapFetched: fetched.length, failures: failures.sort(), missingPages, emptyToday: emptyToday.sort(),
  };
}
