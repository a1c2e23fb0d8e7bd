import { jest } from '@jest/globals';
import request from 'supertest';
import { formatKitPrice, kitsSearchBody, KITS_PAGE_SIZE, type KitItem } from '../../client/shared/kits/kitsQuery.js';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { Kit } from '../../contracts/upstream/search.js';
import { stackForThisFile, startTestStack } from '../support/testStack.js';

jest.setTimeout(30_000);

/** The show-more control itself (its class name is also in the page's inlined first-screen styles). */
const SHOW_MORE_BUTTON = /class="[^"]*\bkits__show-more\b/;

const harness = stackForThisFile({ bff: 'app' });

const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const page = (m: Market, path: string, app = harness.bff.app) => request(app).get(path).set('Host', m.devHostname);
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
const kitsOf = async (m: Market, extra: object = {}) =>
  (await (
    await fetch(`${harness.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index: m.searchIndexes.kits, limit: 100, ...extra }),
    })
  ).json()) as { content: Array<Kit & { currency?: string }>; total_items: number };
/** The props the server wrote for the kits island. */
const islandProps = (html: string) => {
  const id = /data-island="kits" data-island-id="([^"]+)"/.exec(html)?.[1];
  const json = new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`).exec(html)?.[1];
  return JSON.parse(json!) as {
    initial: { kits: KitItem[]; total: number; facets: { brand: { value: string }[] } } | null;
    locale: string;
    texts: Record<string, unknown>;
  };
};
const cardTitles = (html: string) => [...html.matchAll(/<h3 class="kit-card__title">([^<]+)<\/h3>/g)].map((m) => m[1]);

describe('kits page of every market', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s renders the first 48 kits on the server, priced in the kit currency, in its language',
    async (_id, m) => {
      const t = translator(m.languages[0]!);
      const locale = m.locales[m.languages[0]!]!;
      const all = await kitsOf(m);
      const res = await page(m, m.paths.kits);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${m.languages[0]}"`);
      const props = islandProps(res.text);
      const shown = Math.min(KITS_PAGE_SIZE, all.total_items);
      expect(props.initial!.kits).toHaveLength(shown);
      expect(props.initial!.total).toBe(all.total_items);
      expect(cardTitles(res.text)).toHaveLength(shown);
      const kit = all.content.find((k) => k.kitId === props.initial!.kits[0]!.kitId)!;
      expect(res.text).toContain(
        `<span class="visually-hidden">${escapeHtml(t('pages.kitsPrice'))} </span>${escapeHtml(formatKitPrice(kit.retailPrice, kit.currency ?? 'EUR', locale))}</p>`,
      );
      expect(res.text).toContain(escapeHtml(t('pages.kitsSearchLabel')));
      expect(res.text).toContain(`<legend>${escapeHtml(t('pages.kitsBrand'))}</legend>`);
      expect(res.text).toContain(`action="${m.paths.kits}" method="get"`);
      expect(SHOW_MORE_BUTTON.test(res.text)).toBe(all.total_items > KITS_PAGE_SIZE);
      expect(res.text).toMatch(/<script type="module" src="[^"]*island-kits[^"]*"/);
    },
  );

  it('shows prices without a currency in euros, with the market locale', () => {
    expect(formatKitPrice(89.5, '', 'fi-FI')).toBe(
      new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(89.5),
    );
    expect(formatKitPrice(1299, 'SEK', 'sv-SE')).toBe(
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(1299),
    );
  });

  it('offers show-more as a link the server honours (?page=2 renders the next 48), searching no more than the first page and that one', async () => {
    const m = market('se');
    const all = await kitsOf(m);
    expect(all.total_items).toBeGreaterThan(KITS_PAGE_SIZE);
    const first = await page(m, m.paths.kits);
    expect(first.text).toContain(`href="${m.paths.kits}?page=2"`);
    const before = harness.sandbox.upstreamCalls('search');
    const res = await page(m, `${m.paths.kits}?page=2&keyphrase=a`);
    expect(harness.sandbox.upstreamCalls('search') - before).toBeLessThanOrEqual(2);
    const second = await kitsOf(m, { keyphrase: 'a', offset: KITS_PAGE_SIZE, limit: KITS_PAGE_SIZE });
    expect(islandProps(res.text).initial!.kits.map((k) => k.kitId)).toEqual(second.content.map((k) => k.kitId));
    expect(cardTitles(res.text)).toHaveLength(second.content.length);
    const more = second.total_items > 2 * KITS_PAGE_SIZE;
    expect(SHOW_MORE_BUTTON.test(res.text)).toBe(more);
    if (more)
      expect(res.text).toContain(
        escapeHtml(translator('sv')('pages.kitsShowing', { shown: 2 * KITS_PAGE_SIZE, total: second.total_items })),
      );
  });

  it('filters by the ticked brand from the query (the panel is a GET form) and keeps it ticked', async () => {
    const m = market('uk');
    const brand = (await kitsOf(m)).content[0]!.brand;
    const expected = await kitsOf(m, { filters: [{ field: 'brand', values: [brand] }] });
    const res = await page(m, `${m.paths.kits}?brand=${encodeURIComponent(brand)}`);
    const props = islandProps(res.text);
    expect(props.initial!.kits.map((k) => k.kitId).sort()).toEqual(expected.content.map((k) => k.kitId).sort());
    expect(res.text).toContain(`<input type="checkbox" name="brand" checked="" value="${escapeHtml(brand)}"/>`);
    expect(res.text).toContain(escapeHtml(translator('en')('pages.kitsCount', { count: expected.total_items })));
  });

  it("starts the island from the same search the server made: the island's first call is a cache hit", async () => {
    const m = market('fi');
    await page(m, `${m.paths.kits}?keyphrase=volvo`);
    const res = await request(harness.bff.app)
      .post('/api/search')
      .set('Host', m.devHostname)
      .send(kitsSearchBody({ keyphrase: 'volvo', filters: { brand: [], category: [] } }, 0));
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('hit');
  });

  it('keeps the page and shows the error text when the search service fails', async () => {
    const app = (await startTestStack({ bff: 'app', sandbox: harness.sandbox })).bff;
    harness.sandbox.ctx.faults.set('search', { status: 503 });
    const m = market('sk');
    const res = await page(m, m.paths.kits, app.app);
    await app.close();
    expect(res.status).toBe(200);
    expect(res.text).toContain(escapeHtml(translator('sk')('pages.kitsError')));
    expect(islandProps(res.text).initial).toBeNull();
  });
});
