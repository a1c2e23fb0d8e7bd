import type { Market } from '../../../markets/schema.js';
import type { NavigationItem } from '../../../contracts/upstream/content.js';
import { localisePath } from '../../markets/languagePath.js';
import type { ContentClient } from '../../upstream/contentClient.js';
import { inParallel, type GetPage } from './followToEnd.js';
import type { LivePage } from './checkMarket.js';

const LOC = /<loc>([^<]+)<\/loc>/g;
const HREF = /<a\b[^>]*\bhref="(\/[^"#]*)/g;
/** Not pages: files, the API, built assets. */
const NOT_A_PAGE = /^\/(media|api|assets)(\/|$)/;
const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Every URL the app's sitemap lists, following a sitemap index into its files. */
export async function sitemapUrls(get: GetPage, market: Market): Promise<string[]> {
  const root = await get(market, '/sitemap.xml');
  if (root.status !== 200) throw new Error(`${market.id}: /sitemap.xml answers ${root.status}`);
  const locs = (xml: string) => [...xml.matchAll(LOC)].map((m) => unescapeXml(m[1]!));
  if (!root.body.includes('<sitemapindex')) return locs(root.body);
  const files = await Promise.all(locs(root.body).map(async (url) => {
    const file = await get(market, new URL(url).pathname);
    if (file.status !== 200) throw new Error(`${market.id}: sitemap file ${url} answers ${file.status}`);
    return locs(file.body);
  }));
  return files.flat();
}

/** The content tree (every published page) and the navigation, in every language of the market, as public paths. */
export async function contentLivePages(content: ContentClient, market: Market): Promise<LivePage[]> {
  const pages: LivePage[] = [];
  for (const language of market.languages) {
    const scope = { site: market.contentSite, language };
    for (const page of await content.sitemap(scope)) pages.push({ path: localisePath(market, language, page.path), from: `content tree, ${language}` });
    const walk = (items: NavigationItem[]) => items.forEach((item) => {
      if (!item.externalLink) pages.push({ path: localisePath(market, language, item.url.path), from: `navigation '${item.name}'` });
      walk(item.children);
    });
    walk(await content.navigation(scope));
  }
  return pages;
}

/** Links (cards, blurbs, header, footer) on the given pages as the app renders them. */
export async function linkedPages(get: GetPage, market: Market, paths: readonly string[]): Promise<LivePage[]> {
  const found: LivePage[] = [];
  await inParallel(paths, async (path) => {
    const answer = await get(market, path);
    for (const m of answer.body.matchAll(HREF)) {
      const href = unescapeXml(m[1]!);
      if (!NOT_A_PAGE.test(href)) found.push({ path: href, from: `link on ${path}` });
    }
  });
  // Sorted, so the check picks the same sample values on every run.
  return found.sort((a, b) => a.path.localeCompare(b.path) || a.from.localeCompare(b.from));
}
