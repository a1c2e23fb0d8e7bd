import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS, marketById } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { localisePath } from '../../server/markets/languagePath.js';
import { TOKEN_COOKIES } from '../../server/http/personalCookies.js';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(60_000);

// The saved-cars page (issue 39): a page of every market in every language, the same bytes for everyone.
const harness = stackForThisFile({ bff: 'app', env: { PAGE_CACHE: 'true', PAGE_CACHE_TTL_S: '120' } });
const get = (host: string, path: string, cookie?: string) => {
  const req = request(harness.bff.app).get(path).set('Host', host).set('Accept-Encoding', 'identity');
  return cookie ? req.set('Cookie', cookie) : req;
};

const everyPage = MARKETS.flatMap((market) =>
  market.languages.map((language) => ({
    label: `${market.id} ${language}`,
    market,
    language,
    path: localisePath(market, language, market.paths.savedCars),
  })),
);

describe('the saved-cars page', () => {
  it.each(everyPage)('answers 200 on $label at $path, in its language, not to be indexed', async (page) => {
    const t = translator(page.language);
    const res = await get(page.market.devHostname, page.path);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<html lang="${page.language}"`);
    expect(res.text).toContain(`<h1 class="saved-cars__title" tabindex="-1">${t('saved.title')}</h1>`);
    expect(res.text).toContain('data-island="savedCars"');
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(res.text.includes('rel="canonical"') || res.text.includes('rel="alternate"')).toBe(false);
    // The header links here on every page, and says so here.
    expect(res.text).toContain(`<a class="saved-link" href="${page.path}" aria-current="page">`);
    expect((await get(page.market.devHostname, `${page.path}/`)).status).toBe(200);
  });

  it('switches language to the same page on the Finnish site (noindex, yet in both languages)', async () => {
    const finland = marketById('fi');
    const res = await get(finland.devHostname, finland.paths.savedCars);
    expect(res.text).toMatch(new RegExp(`<a [^>]*href="/sv${finland.paths.savedCars}"`));
  });

  it.each(MARKETS)('is not in the sitemap of $id', async (market) => {
    const index = await get(market.devHostname, '/sitemap.xml');
    const files = [...index.text.matchAll(/<loc>[^<]*(\/sitemap-[^<]+\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toContain('/sitemap-pages.xml');
    const locs: string[] = [];
    for (const file of files) {
      const xml = (await get(market.devHostname, file)).text;
      locs.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
    }
    expect(locs.length).toBeGreaterThan(10);
    expect(locs.filter((path) => path.endsWith(market.paths.savedCars))).toEqual([]);
  });

  it('is kept in the shared page cache holding no one’s cars: the same bytes for every shopper, the count empty', async () => {
    const se = marketById('se');
    const first = await get(se.devHostname, se.paths.savedCars, '_ga=GA1.1.1');
    expect(first.status).toBe(200);
    await harness.bff.pageCache!.settled();
    const second = await get(se.devHostname, se.paths.savedCars, 'hideAlert=true');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['cache-control']).toMatch(/^public, /);
    expect(second.text).toBe(first.text);
    // No car in it: no card, no toggle, and the header's count is empty until the shopper's browser fills it.
    // (Elements, not names: the page's inline first-screen styles may name both.)
    expect(second.text).not.toMatch(/class="[^"]*\bcar-card\b/);
    expect(second.text).not.toMatch(/\sdata-save-car[\s=/>]/);
    expect(second.text).toContain('<span class="saved-link__count" data-saved-count="" hidden=""></span>');
    // A shopper logged in to the tire hotel is one person: their page is neither served from nor kept in the cache.
    const personal = await get(se.devHostname, se.paths.savedCars, `${Object.values(TOKEN_COOKIES)[0]}=token`);
    expect(personal.headers['x-cache']).toBe('bypass');
    expect(personal.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the header on a cached page', () => {
  it.each(MARKETS)('links $id pages to the saved cars with an empty count, the same for everyone', async (market) => {
    const res = await get(market.devHostname, '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<a class="saved-link" href="${market.paths.savedCars}">`);
    expect(res.text).toContain('<span class="saved-link__count" data-saved-count="" hidden=""></span>');
  });
});
