import { gzipSync } from 'node:zlib';
import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS, marketById } from '../../../markets/registry.js';
import { translator } from '../../../markets/translations/dictionaries.js';
import type { ContentPage, NavigationItem } from '../../../contracts/upstream/content.js';
import { ContentClient } from '../../../server/upstream/contentClient.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { startTestStack } from '../../support/testStack.js';
import type { ComposedBff } from '../../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

let sandbox: SandboxHere;
let bff: ComposedBff;

beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox })).bff;
});
afterAll(async () => {
  await bff.close();
  await sandbox.close();
});

/** Block types this area renders without data of its own (teasers, stories and site selection load theirs). */
const LAYOUT_BLOCK_TYPES = new Set([
  'hero',
  'carousel',
  'blurb',
  'cards',
  'accordion',
  'countdown',
  'fileDownloads',
  'share',
  'videoEmbed',
  'spacer',
  'highlightList',
  'stageRow',
  'megaMenu',
]);

const page = (host: string, path = '/') => request(bff.app).get(path).set('Host', host);
const fromContent = async <T>(site: string, resource: string): Promise<T> =>
  (await (await fetch(`${sandbox.url}/content/${site}/${resource}`)).json()) as T;
const scriptsOf = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);

/** A content page of the market made only of blocks this area renders (no island, no loaded data), as the BFF serves it. */
async function blockOnlyPage(
  host: string,
  site: string,
): Promise<{ path: string; blocks: ContentPage['blocks']; html: string }> {
  const { items } = await fromContent<{ items: NavigationItem[] }>(site, 'navigation');
  const paths = (list: NavigationItem[]): string[] =>
    list.flatMap((i) => [...(i.externalLink ? [] : [i.url.path]), ...paths(i.children)]);
  for (const path of paths(items)) {
    const { page: found } = await fromContent<{ page?: ContentPage }>(site, `page?path=${encodeURIComponent(path)}`);
    if (
      found?.pageType !== 'content' ||
      found.blocks.length < 3 ||
      !found.blocks.every((b) => LAYOUT_BLOCK_TYPES.has(b.type))
    )
      continue;
    const res = await page(host, path);
    if (res.status === 200) return { path, blocks: found.blocks, html: res.text };
  }
  throw new Error(`no block-only content page on ${host}`);
}

describe('content blocks', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s home page renders every block type the content service sends, none failing',
    async (_id, market) => {
      const { page: home } = await fromContent<{ page: ContentPage }>(market.contentSite, 'page?path=/');
      const res = await page(market.devHostname);
      expect(res.status).toBe(200);
      const rendered = new Set(
        [...res.text.matchAll(/<div class="block" data-block-type="([a-zA-Z]+)"/g)].map((m) => m[1]),
      );
      const expected = home.blocks.map((b) => b.type).filter((type) => LAYOUT_BLOCK_TYPES.has(type));
      expect(expected.length).toBeGreaterThanOrEqual(12);
      expect([...new Set(expected)].filter((type) => !rendered.has(type))).toEqual([]);
      expect(res.text).not.toContain(`>${translator(market.languages[0]!)('error.sectionTitle')}</h2>`);
    },
  );

  it('ships a page made only of blocks with the small enhance script and the field-data script alone: no React, at most 10 KB gzip', async () => {
    const content = await blockOnlyPage('se.localhost', 'se');
    const scripts = scriptsOf(content.html);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/\/enhance-[\w-]+\.js$/);
    expect(scripts[1]).toMatch(/\/rum-[\w-]+\.js$/);
    expect(content.html).not.toMatch(/modulepreload" href="[^"]*react/);
    const script = await request(bff.app).get(scripts[0]!).set('Host', 'se.localhost').buffer(true);
    expect(script.status).toBe(200);
    const body = Buffer.isBuffer(script.body) ? script.body : Buffer.from(script.text);
    expect(gzipSync(body).length).toBeLessThanOrEqual(10 * 1024);
    expect(body.toString()).not.toMatch(/react/i);
  });

  it('shows a video as its thumbnail through the /media relay, and the CSP frames only the two video players', async () => {
    const res = await page('se.localhost');
    expect(res.text).not.toContain('<iframe');
    const thumbnail =
      /<button[^>]*data-video-src="https:\/\/www\.youtube-nocookie\.com\/embed\/[^"]+"[^>]*><img class="video-embed__thumbnail" src="(\/media\/[^"]+)"/.exec(
        res.text,
      )?.[1];
    expect(thumbnail).toBeDefined();
    expect((await request(bff.app).get(thumbnail!).set('Host', 'se.localhost')).status).toBe(200);
    const frameSrc = /frame-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1]?.trim().split(/\s+/);
    expect(frameSrc?.sort()).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
  });

  it('shares the page canonical URL', async () => {
    const market = marketById('no');
    const res = await page(market.devHostname, '/');
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.text)?.[1];
    expect(canonical).toBeDefined();
    expect(res.text).toContain(
      `href="https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(canonical!)}"`,
    );
    expect(res.text).toContain(`data-share-copy="" data-url="${canonical}"`);
  });
});

describe('layout content', () => {
  it('asks the content service for navigation, alert and brands once for two page views of a market and language', async () => {
    const fresh = (await startTestStack({ bff: 'app', sandbox })).bff; // its own layout cache, not warmed by the tests above
    const navigation = jest.spyOn(ContentClient.prototype, 'navigation');
    const alert = jest.spyOn(ContentClient.prototype, 'alert');
    const brands = jest.spyOn(ContentClient.prototype, 'brands');
    try {
      sandbox.ctx.stats.reset();
      const first = await request(fresh.app).get('/').set('Host', 'sk.localhost');
      const afterFirst = sandbox.upstreamCalls('content');
      const second = await request(fresh.app).get('/').set('Host', 'sk.localhost');
      const afterSecond = sandbox.upstreamCalls('content');
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([navigation.mock.calls.length, alert.mock.calls.length, brands.mock.calls.length]).toEqual([1, 1, 1]);
      // What reached the content service: the second view asked three calls fewer than the first.
      expect(afterSecond - afterFirst).toBeLessThanOrEqual(afterFirst - 3);
      expect(second.text).toContain('class="main-nav"');
    } finally {
      navigation.mockRestore();
      alert.mockRestore();
      brands.mockRestore();
      await fresh.close();
    }
  });
});
