import { request } from 'undici';
import type { Market } from '../../../markets/schema.js';
import type { ContentClient } from '../../upstream/contentClient.js';
import { carIdOfPath } from '../../catalogue/cars.js';
import { splitLanguagePath } from '../../markets/languagePath.js';
import type { CompiledRedirects } from '../compile-redirects.js';
import type { RedirectTable } from '../redirect-table.js';
import { checkMarket, type MarketCheck } from './checkMarket.js';
import type { GetPage, PageAnswer } from './followToEnd.js';
import { contentLivePages, linkedPages, sitemapUrls } from './livePages.js';
import { loadFilterVocabulary } from './filterVocabulary.js';
import type { SearchClient } from '../../upstream/searchClient.js';

/** GETs on a running app (`baseUrl`) with the market's host, each path fetched once per market. */
export function appGetter(baseUrl: string): GetPage {
  const answers = new Map<string, Promise<PageAnswer>>();
  return (market, path) => {
    const key = `${market.id} ${path}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = request(`${baseUrl}${path}`, { headers: { host: market.devHostname } }).then(async (res) => {
        const type = String(res.headers['content-type'] ?? '');
        // Only pages and sitemaps are read; a PDF or an image is just its status.
        const body = /html|xml/.test(type) ? await res.body.text() : (await res.body.dump(), '');
        const location = res.headers.location;
        return { status: res.statusCode, location: typeof location === 'string' ? location : null, body };
      });
      answers.set(key, answer);
    }
    return answer;
  };
}

/** `npm run redirects:check` for every market: live pages are collected from the content service and the app, then checked. */
export async function runRedirectCheck(options: {
  baseUrl: string;
  markets: readonly Market[];
  compiled: CompiledRedirects;
  tables: ReadonlyMap<string, RedirectTable>;
  content: ContentClient;
  search: SearchClient;
  /** Car pages of the sitemap fetched per market: 'all', or this many spread over the list. */
  carSample?: number | 'all';
}): Promise<MarketCheck[]> {
  const get = appGetter(options.baseUrl);
  const results: MarketCheck[] = [];
  for (const market of options.markets) {
    const table = options.tables.get(market.id);
    if (!table) throw new Error(`no redirect table for ${market.id}`);
    const [tree, sitemap, filterVocabulary] = await Promise.all([
      contentLivePages(options.content, market), sitemapUrls(get, market), loadFilterVocabulary(options.search, market),
    ]);
    // Cards, blurbs, header and footer links as rendered on every content page of the tree.
    const links = await linkedPages(get, market, [...new Set(tree.filter((p) => p.from.startsWith('content tree')).map((p) => p.path))]);
    const fetchedSitemapUrls = sampleCars(market, sitemap, options.carSample ?? 'all');
    results.push(await checkMarket({ market, compiled: options.compiled, table, livePages: [...tree, ...links], sitemapUrls: sitemap, fetchedSitemapUrls, get, filterVocabulary }));
  }
  return results;
}

/** Every sitemap URL but the car pages, of which `sample` spread evenly (newest and oldest included). */
export function sampleCars(market: Market, urls: readonly string[], sample: number | 'all'): string[] {
  if (sample === 'all') return [...urls];
  const isCar = (url: string) => {
    const page = splitLanguagePath(market, new URL(url).pathname);
    return page.kind === 'page' && carIdOfPath(page.path, market.paths.carDetailBase, market.paths.carList) !== null;
  };
  const cars = urls.filter(isCar);
  const step = Math.max(1, (cars.length - 1) / Math.max(1, sample - 1));
  const picked = new Set(cars.length <= sample ? cars : Array.from({ length: sample }, (_, i) => cars[Math.round(i * step)]!));
  return urls.filter((url) => !isCar(url) || picked.has(url));
}

/** `car_brand=Opel` of an empty-today line (`table:line  rule: car_brand=Opel is no value of the index …`). */
function filterOf(line: string): string {
  const end = line.indexOf(' is no value');
  return end < 0 ? line : line.slice(line.lastIndexOf(': ', end) + 2, end);
}

/** The per-market table, then every failure. */
export function formatReport(results: readonly MarketCheck[]): string {
  const head = ['market', 'rules', 'destinations', 'live pages', 'sitemap URLs', 'fetched', 'failures'];
  const rows = results.map((r) => [r.marketId, r.rules, r.destinations, r.livePages, r.sitemapUrls, r.sitemapFetched, r.failures.length].map(String));
  const total = ['total', ...[1, 2, 3, 4, 5, 6].map((i) => String(rows.reduce((n, row) => n + Number(row[i]), 0)))];
  const widths = head.map((h, i) => Math.max(h.length, ...[...rows, total].map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const failures = results.flatMap((r) => r.failures.map((f) => `  ${r.marketId.padEnd(7)} ${f}`));
  // One line a market: the names nothing in stock has today, and how many rules lead there.
  const emptyToday = results.filter((r) => r.emptyToday.length > 0).map((r) => {
    const names = [...new Set(r.emptyToday.map(filterOf))];
    return `  ${r.marketId.padEnd(7)} ${r.emptyToday.length} rules: ${names.join(', ')}`;
  });
  const missing = results.flatMap((r) => [...r.missingPages].map(([page, rules]) => `  ${r.marketId.padEnd(7)} ${page}  (${rules} rule${rules === 1 ? '' : 's'})`));
  return [
    line(head), ...rows.map(line), line(total), '',
    ...(failures.length ? ['Failures:', ...failures] : ['No failures.']),
    ...(missing.length ? ['', 'Pages the tables send shoppers to that do not answer 200 (create them or mend the rules):', ...missing.sort()] : []),
    ...(emptyToday.length ? ['', "Listings empty with today's stock (not failures: a brand, region or site with nothing in stock now):", ...emptyToday] : []),
  ].join('\n');
}
