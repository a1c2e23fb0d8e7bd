import { jest } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { Story } from '../../contracts/upstream/content.js';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(30_000);

/** The load-more link itself (its class name is also in the page's inlined first-screen styles). */
const LOAD_MORE_LINK = /class="[^"]*\bstories__load-more\b/;

const harness = stackForThisFile({ bff: 'app' });

interface StoriesAnswer {
  items: Story[];
  total: number;
  tags: string[];
}
const page = (market: Market, path: string) => request(harness.bff.app).get(path).set('Host', market.devHostname);
const storiesOf = async (market: Market, query = ''): Promise<StoriesAnswer> =>
  (await (
    await fetch(`${harness.sandbox.url}/content/${market.contentSite}/stories?limit=24${query}`)
  ).json()) as StoriesAnswer;
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
const cardLinks = (html: string) => [...html.matchAll(/<a class="story-card__link" href="([^"]+)"/g)].map((m) => m[1]);
const scriptsOf = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
const h1Count = (html: string) => (html.match(/<h1[\s>]/g) ?? []).length;

describe('stories list page of every market', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s shows the newest 4 stories in its language, tag chips and a load-more link',
    async (_id, market) => {
      const t = translator(market.languages[0]!);
      const all = await storiesOf(market);
      const res = await page(market, market.paths.stories);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${market.languages[0]}"`);
      expect(cardLinks(res.text)).toEqual(all.items.slice(0, 4).map((s) => s.url.path));
      for (const story of all.items.slice(0, 4)) {
        expect(story.url.path.startsWith(`${market.paths.stories}/`)).toBe(true);
        expect(res.text).toContain(
          `<time dateTime="${story.date.value}">${escapeHtml(story.date.formattedDateValue)}</time>`,
        );
      }
      expect(res.text).toContain('class="story-card story-card--highlight"');
      for (const tag of all.tags)
        expect(res.text).toContain(`href="${escapeHtml(`${market.paths.stories}?${new URLSearchParams({ tag })}`)}"`);
      expect(res.text).toContain(`>${escapeHtml(t('pages.storiesAllTags'))}</a>`);
      expect(res.text).toMatch(
        new RegExp(
          `<a class="button stories__load-more" href="${market.paths.stories}\\?page=2#[\\w-]+-story-4">${escapeHtml(t('pages.storiesLoadMore'))}</a>`,
        ),
      );
      expect(res.text).toContain(escapeHtml(t('pages.storiesShowing', { shown: 4, total: all.total })));
      expect(h1Count(res.text)).toBe(1);
    },
  );

  it('writes UK dates as DD/MM/YYYY', async () => {
    const uk = MARKETS.find((m) => m.id === 'uk')!;
    const res = await page(uk, uk.paths.stories);
    expect(res.text).toMatch(/<time dateTime="[^"]+">\d{2}\/\d{2}\/\d{4}<\/time>/);
  });

  it('honours ?page= without JavaScript: the next page is in the HTML, where the link points, and load-more goes when all are shown', async () => {
    const market = MARKETS.find((m) => m.id === 'se')!;
    const all = await storiesOf(market);
    const res = await page(market, `${market.paths.stories}?page=2`);
    expect(cardLinks(res.text)).toEqual(all.items.slice(4, 8).map((s) => s.url.path));
    expect(res.text).toMatch(/<li class="story-card" id="[\w-]+-story-4">/);
    if (all.total > 8)
      expect(res.text).toContain(escapeHtml(translator('sv')('pages.storiesShowing', { shown: 8, total: all.total })));
    if (all.total <= 8) expect(res.text).not.toMatch(LOAD_MORE_LINK);
  });

  it('costs the content service as much for a deep link as for the first page, and shows the last page for one past the end (?page=25)', async () => {
    const market = MARKETS.find((m) => m.id === 'se')!;
    const all = await storiesOf(market);
    const calls = async (path: string) => {
      const before = harness.sandbox.upstreamCalls('content');
      const res = await page(market, path);
      return { res, calls: harness.sandbox.upstreamCalls('content') - before };
    };
    await calls(`${market.paths.stories}?tag=warm-up`);
    const shallow = await calls(`${market.paths.stories}?page=1`);
    const last = Math.ceil(all.total / 4) - 1;
    expect(last).toBeGreaterThan(0);
    const deep = await calls(`${market.paths.stories}?page=${last + 1}`);
    expect(deep.calls).toBe(shallow.calls);
    const pastTheEnd = await calls(`${market.paths.stories}?page=25`);
    expect(pastTheEnd.calls).toBeLessThanOrEqual(shallow.calls + 1);
    expect(cardLinks(pastTheEnd.res.text)).toEqual(all.items.slice(last * 4, last * 4 + 4).map((s) => s.url.path));
    expect(pastTheEnd.res.text).not.toMatch(LOAD_MORE_LINK);
    expect(pastTheEnd.res.text).toContain('data-island="stories"');
  });

  it('filters by the chip the shopper picked (?tag=) and marks it current', async () => {
    const market = MARKETS.find((m) => m.id === 'no')!;
    const { tags } = await storiesOf(market);
    const tag = tags[0]!;
    const tagged = await storiesOf(market, `&tag=${encodeURIComponent(tag)}`);
    const res = await page(market, `${market.paths.stories}?tag=${encodeURIComponent(tag)}`);
    expect(cardLinks(res.text)).toEqual(tagged.items.slice(0, 4).map((s) => s.url.path));
    expect(res.text).toContain(`aria-current="true">${escapeHtml(tag)}</a>`);
  });

  it('says so when no story has the tag', async () => {
    const market = MARKETS.find((m) => m.id === 'fi')!;
    const res = await page(market, `${market.paths.stories}?tag=ei-tallaista`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(escapeHtml(translator('fi')('pages.storiesNoResults')));
    expect(cardLinks(res.text)).toEqual([]);
  });

  it('ships no React: the load-more script is plain and small', async () => {
    const market = MARKETS.find((m) => m.id === 'se')!;
    const res = await page(market, market.paths.stories);
    const scripts = scriptsOf(res.text);
    expect(scripts.some((s) => /island-stories/.test(s))).toBe(true);
    expect(res.text).not.toMatch(/modulepreload" href="[^"]*react/);
    const stories = await request(harness.bff.app)
      .get(scripts.find((s) => /island-stories/.test(s))!)
      .set('Host', market.devHostname)
      .buffer(true);
    const body = Buffer.isBuffer(stories.body) ? stories.body : Buffer.from(stories.text);
    expect(gzipSync(body).length).toBeLessThanOrEqual(3 * 1024);
  });
});

describe('stories teaser on the start page', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s shows the newest 3 stories without load-more or script',
    async (_id, market) => {
      const all = await storiesOf(market);
      const res = await page(market, '/');
      const teaser = res.text.slice(res.text.indexOf('stories stories--teaser'));
      expect(cardLinks(teaser).slice(0, 3)).toEqual(all.items.slice(0, 3).map((s) => s.url.path));
      expect(teaser.slice(0, teaser.indexOf('</section>'))).not.toMatch(LOAD_MORE_LINK);
      expect(res.text).toContain(
        `href="${market.paths.stories}">${escapeHtml(translator(market.languages[0]!)('pages.storiesAll'))}</a>`,
      );
      expect(scriptsOf(res.text).some((s) => /island-stories/.test(s))).toBe(false);
    },
  );
});

describe('story page of every market', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s shows title, date, image, lead and tags, and publishes an Article',
    async (_id, market) => {
      const story = (await storiesOf(market)).items[1]!;
      const res = await page(market, story.url.path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${market.languages[0]}"`);
      expect(res.text).toContain(`<h1 class="story-header__title">${escapeHtml(story.title)}</h1>`);
      expect(h1Count(res.text)).toBe(1);
      expect(res.text).toContain(`>${escapeHtml(story.date.formattedDateValue)}</time>`);
      expect(res.text).toContain(`<p class="story-header__premble">${escapeHtml(story.premble)}</p>`);
      for (const tag of story.tags)
        expect(res.text).toContain(`href="${escapeHtml(`${market.paths.stories}?${new URLSearchParams({ tag })}`)}"`);
      const article = [...res.text.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
        .find((d) => d['@type'] === 'Article');
      expect(article).toMatchObject({
        headline: story.title,
        description: story.premble,
        datePublished: story.date.value,
        inLanguage: market.languages[0],
      });
      expect(String((article!.image as string[])[0])).toMatch(/^https?:\/\/[^/]+\/media\/stories\//);
    },
  );
});

describe('GET /api/stories (the load-more pages)', () => {
  const se = () => MARKETS.find((m) => m.id === 'se')!;

  it('answers the next page of a tag from the content service', async () => {
    const { tags } = await storiesOf(se());
    const expected = await storiesOf(se(), `&tag=${encodeURIComponent(tags[0]!)}`);
    const res = await request(harness.bff.app)
      .get(`/api/stories?offset=1&limit=2&tag=${encodeURIComponent(tags[0]!)}`)
      .set('Host', 'se.localhost');
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: Story) => s.id)).toEqual(expected.items.slice(1, 3).map((s) => s.id));
    expect(res.body).toMatchObject({ total: expected.total, offset: 1, limit: 2 });
  });

  it('gives Finnish-site stories in Swedish with /sv links when asked', async () => {
    const res = await request(harness.bff.app).get('/api/stories?lang=sv').set('Host', 'fi.localhost');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const story of res.body.items as Story[]) expect(story.url.path.startsWith('/sv/')).toBe(true);
  });

  it('gives the Finnish site its Finnish stories without ?lang=, whatever language the browser prefers (a shared cache keeps them by URL)', async () => {
    const res = await request(harness.bff.app)
      .get('/api/stories')
      .set('Host', 'fi.localhost')
      .set('Accept-Language', 'sv-FI,sv;q=0.9');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const story of res.body.items as Story[]) expect(story.url.path.startsWith('/sv/')).toBe(false);
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=25', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['lang=xx', 'query.lang'],
  ])('refuses %s with the one error shape naming the field', async (query, path) => {
    const res = await request(harness.bff.app).get(`/api/stories?${query}`).set('Host', 'se.localhost');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', requestId: expect.any(String) });
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('refuses a language the site does not have', async () => {
    const res = await request(harness.bff.app).get('/api/stories?lang=fi').set('Host', 'se.localhost');
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe('query.lang');
  });

  it('is in the OpenAPI document', async () => {
    const res = await request(harness.bff.app).get('/api/openapi.json').set('Host', 'se.localhost');
    expect(res.body.paths['/api/stories'].get).toBeDefined();
  });
});
