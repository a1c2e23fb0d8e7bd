import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS, marketById } from '../../../markets/registry.js';
import type { Market } from '../../../markets/schema.js';
import { translator } from '../../../markets/translations/dictionaries.js';
import { siteTree } from '../../../sandbox/data/content/navigation.js';
import { sharedStackForThisFile } from '../../support/slotStacks.js';

/**
 * Issue 39: no link leads to a placeholder host. 'Jobba hos oss' (every page's menu) and 'Boka skadebesiktning'
 * (the booking pages) lead to real pages of the market's own site.
 */
jest.setTimeout(60_000);

const harness = sharedStackForThisFile();
const get = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
/** Every absolute URL on a page with a host under .example: in links, pictures and the islands' props alike. */
const placeholderUrls = (html: string) =>
  [...html.matchAll(/https?:\/\/[^\s"'<>\\]*?\.example(?=[/:"'<>\\\s]|$)/g)].map((m) => m[0]);
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
/** The page's address in each of the market's languages ('/' and '/sv/' on fi.localhost). */
const inEachLanguage = (market: Market, path: string) =>
  market.languages.map((language, i) => (i === 0 ? path : `/${language}${path === '/' ? '/' : path}`));

describe('no link to a placeholder host', () => {
  it.each(MARKETS.map((m) => [m.id]))('%s: the home page, in every language of the market', async (id) => {
    const market = marketById(id);
    for (const path of inEachLanguage(market, '/')) {
      const res = await get(market.devHostname, path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(placeholderUrls(res.text)).toEqual([]);
    }
  });

  it.each(MARKETS.filter((m) => m.features.booking).map((m) => [m.id]))(
    '%s: the booking page, whose damage inspection link is a page of the site',
    async (id) => {
      const market = marketById(id);
      const path = siteTree(market).pathByKey.get('bookService')!;
      const res = await get(market.devHostname, path);
      expect(res.status).toBe(200);
      expect(placeholderUrls(res.text)).toEqual([]);
      const t = translator(market.languages[0]!);
      const damage = [...res.text.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)/g)].find(
        (m) => m[2] === t('booking.damageLink'),
      );
      expect(damage?.[0]).not.toContain('target=');
      expect((await get(market.devHostname, damage![1]!)).status).toBe(200);
    },
  );

  it.each(MARKETS.map((m) => [m.id]))("%s: the menu's careers item leads to a page that answers", async (id) => {
    const market = marketById(id);
    const careers = siteTree(market).pathByKey.get('careers')!;
    const html = (await get(market.devHostname, '/')).text;
    // Begagnat.se's too: its own careers page, not the dealer group's (issue 49).
    if (id === 'se-used') expect(careers).toBe('/foretaget/karriar');
    expect(hrefs(html)).toContain(careers);
    expect(hrefs(html).filter((href) => /^https?:/.test(href) && href.includes('karriar'))).toEqual([]);
    expect((await get(market.devHostname, careers)).status).toBe(200);
  });
});
