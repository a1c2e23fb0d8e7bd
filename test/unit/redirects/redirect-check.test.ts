import { marketById } from '../../../markets/registry.js';
import { checkMarket, type LivePage } from '../../../server/redirects/check/checkMarket.js';
import { formatReport } from '../../../server/redirects/check/runCheck.js';
import type { GetPage } from '../../../server/redirects/check/followToEnd.js';
import type { FilterVocabulary } from '../../../server/redirects/check/filterVocabulary.js';
import { compileRedirects } from '../../../server/redirects/compile-redirects.js';
import { parseRedirectTable } from '../../../server/redirects/redirect-table.js';
import { resolveRedirect } from '../../../server/redirects/resolve-redirect.js';

const market = marketById('sk');
const origin = `http://${market.devHostname}`;
const page = (path: string, canonical = path) => ({ status: 200, location: null, body: `<link rel="canonical" href="${origin}${canonical}"/>` });

/**
 * A small app as the check sees it: the redirect middleware first (as in server/app.ts), then pages by
 * path (query ignored), else 404. `shadowed` paths are claimed before the redirects (a relay mounted too early).
 */
function fakeApp(tableText: string, pages: Record<string, ReturnType<typeof page>>, shadowed: string[] = []) {
  const table = parseRedirectTable('redirects/sk.txt', tableText);
  const compiled = compileRedirects([{ marketId: 'sk', table }]);
  const get: GetPage = async (_market, url) => {
    const path = url.split('?')[0]!;
    if (shadowed.includes(path)) return { status: 404, location: null, body: '' };
    const found = resolveRedirect(compiled, 'sk', url);
    if (found) return { status: 301, location: found.location, body: '' };
    return pages[path] ?? { status: 404, location: null, body: '' };
  };
  return { table, compiled, get };
}

const PAGES = {
  '/': page('/'),
  '/vozidla': page('/vozidla'),
  '/spolocnost': page('/spolocnost'),
  '/spolocnost/kontakt': page('/spolocnost/kontakt'),
  '/kontakty/hedin-automotive-kosice': page('/kontakty/hedin-automotive-kosice'),
};
const LIVE: LivePage[] = [{ path: '/spolocnost/kontakt', from: "navigation 'Kontakt'" }];
const SITEMAP = [`${origin}/`, `${origin}/spolocnost`, `${origin}/kontakty/hedin-automotive-kosice`];
const GOOD = [
  '/ojazdene-vozidla  /vozidla?car_condition=Jazden%C3%A9',
  '/o-{product}/{page*}  /spolocnost/{page*}',
  '/kontakty/hedin-kosice  /kontakty/hedin-automotive-kosice',
  '/kontakty/stary-kosice  /kontakty/hedin-zilina  # moved twice: the later line wins',
  '/kontakty/stary-kosice  /kontakty/hedin-automotive-kosice',
].join('\n');

/** What the sk car index answers as facet values (the check folds case and diacritics, as the search service does). */
const vocabularyOf = (values: Record<string, string[]>): FilterVocabulary =>
  new Map(Object.entries(values).map(([field, shown]) => [field, { folded: new Set(shown.map((v) => v.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''))), shown }]));
const VOCABULARY = vocabularyOf({ car_condition: ['Jazdené', 'Nové'], car_vehicle_type: ['Osobné vozidlo', 'Úžitkové vozidlo'], car_brand: ['Škoda', 'Kia'] });

async function run(tableText: string, options: { pages?: Record<string, ReturnType<typeof page>>; shadowed?: string[] } = {}) {
  const app = fakeApp(tableText, options.pages ?? PAGES, options.shadowed);
  return checkMarket({ market, compiled: app.compiled, table: app.table, livePages: LIVE, sitemapUrls: SITEMAP, get: app.get, filterVocabulary: VOCABULARY });
}

describe('the redirects check', () => {
  test('passes a table whose destinations are live pages and which redirects no live page', async () => {
    const result = await run(GOOD);
    expect(result.failures).toEqual([]);
    expect(result).toMatchObject({ rules: 5, sitemapUrls: 3, sitemapFetched: 3 });
    // The pattern's value comes from a live page its destination matches; the overridden line is not fetched.
    expect(result.destinations).toBe(3);
  });

  test('fails a destination that ends on a 404, naming the table and line', async () => {
    const result = await run(`${GOOD}\n/kontakty/hedin-presov  /kontakty/hedin-automotive-presov`);
    expect(result.failures).toEqual([
      'redirects/sk.txt:6  /kontakty/hedin-presov -> /kontakty/hedin-automotive-presov: destination /kontakty/hedin-automotive-presov ends 404 at /kontakty/hedin-automotive-presov',
    ]);
    expect(result.missingPages).toEqual(new Map([['/kontakty/hedin-automotive-presov', 1]]));
    const report = formatReport([result]);
    expect(report).toMatch(/^market\s+rules\s+destinations\s+live pages\s+sitemap URLs\s+fetched\s+failures$/m);
    expect(report).toMatch(/^sk\s+6\s+4\s+\d+\s+3\s+3\s+1$/m);
    expect(report).toContain('  sk      /kontakty/hedin-automotive-presov  (1 rule)');
  });

  test('fails a rule that redirects a live page (navigation or sitemap), naming the table, line and where the page was found', async () => {
    const result = await run(`${GOOD}\n/spolocnost/{page*}  /spolocnost`);
    expect(result.failures).toEqual([
      "redirects/sk.txt:6  /spolocnost/{page*} -> /spolocnost: redirects the live page /spolocnost/kontakt (navigation 'Kontakt')",
    ]);
    const sitemapShadow = await run(`${GOOD}\n/spolocnost  /`);
    expect(sitemapShadow.failures).toContain('redirects/sk.txt:6  /spolocnost -> /: redirects the live page /spolocnost (sitemap)');
    expect(sitemapShadow.failures).toContain(`sitemap ${origin}/spolocnost: answers 301`);
  });

  test('fails a pattern whose destination no live page matches', async () => {
    const result = await run(`${GOOD}\n/predajne/{site}  /pobocky/{site}`);
    expect(result.failures).toEqual(['redirects/sk.txt:6  /predajne/{site} -> /pobocky/{site}: dead end, no live page matches /pobocky/{site}']);
  });

  test('fails a rule the app never answers because a route before the redirects claims its path', async () => {
    const result = await run(`${GOOD}\n/media/2071/cennik.pdf  /vozidla`, { shadowed: ['/media/2071/cennik.pdf'] });
    expect(result.failures).toEqual(["redirects/sk.txt:6  /media/2071/cennik.pdf -> /vozidla: the app answers /media/2071/cennik.pdf with 404, not the rule's 301"]);
  });

  test('fails a sitemap URL whose page is missing or names another canonical', async () => {
    const result = await run(GOOD, { pages: { ...PAGES, '/spolocnost': page('/spolocnost', '/') } });
    expect(result.failures).toEqual([`sitemap ${origin}/spolocnost: canonical is ${origin}/`]);
  });

  test('fails a rule into a filtered listing whose filter value the index does not have (an empty list), and passes case and accent variants of a known one', async () => {
    const result = await run(`${GOOD}\n/uzitkove-vozidla  /vozidla?car_vehicle_type=%C3%9A%C5%BEitkov%C3%A9\n/osobne  /vozidla?car_vehicle_type=osobne%20vozidlo&utm_source=old`);
    expect(result.failures).toEqual([
      'redirects/sk.txt:6  /uzitkove-vozidla -> /vozidla?car_vehicle_type=%C3%9A%C5%BEitkov%C3%A9: ends on an empty listing, car_vehicle_type=Úžitkové is no value of the index (it has Osobné vozidlo, Úžitkové vozidlo)',
    ]);
  });

  test('reports a brand nothing in stock has today without failing, and leaves a brand filled from the request alone', async () => {
    const result = await run(`${GOOD}\n/znacka/toyota  /vozidla?car_brand=Toyota\n/znacka/{brand}  /vozidla?car_brand={brand}\n/znacka-skoda  /vozidla?car_brand=SKODA`);
    expect(result.failures).toEqual([]);
    expect(result.emptyToday).toEqual(['redirects/sk.txt:6  /znacka/toyota -> /vozidla?car_brand=Toyota: car_brand=Toyota is no value of the index (it has Škoda, Kia)']);
    expect(formatReport([result])).toContain("Listings empty with today's stock");
  });
});
