import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../../markets/registry.js';
import { SELL_CAR_PATHS, SELL_CAR_SHORT_PATH } from '../../../sandbox/data/content/leadFormPages.js';
import { sharedStackForThisFile } from '../../support/slotStacks.js';

jest.setTimeout(60_000);

const peers = sharedStackForThisFile();

/** Every rule of a market's table whose destination is its sell-car page (in any of its languages), as a path to request. */
function sellCarRules(marketId: keyof typeof SELL_CAR_PATHS): { source: string; destination: string }[] {
  const market = MARKETS.find((m) => m.id === marketId)!;
  const targets = new Set(
    market.languages.map((language, i) => (i === 0 ? '' : `/${language}`) + SELL_CAR_PATHS[marketId]),
  );
  return (
    readFileSync(`redirects/${marketId}.txt`, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim().split(/\s+/))
      .filter(
        ([source, destination, condition]) =>
          source?.startsWith('/') && destination && !condition && targets.has(destination),
      )
      // A pattern is requested with a sample segment in each parameter.
      .map(([source, destination]) => ({ source: source!.replace(/\{\w+\*?\}/g, 'arvio'), destination: destination! }))
  );
}

const host = (marketId: string) => MARKETS.find((m) => m.id === marketId)!.devHostname;

describe('sell-car pages', () => {
  it.each(Object.entries(SELL_CAR_PATHS))(
    '%s: the sell-car page %s answers 200 with the form, server-rendered',
    async (marketId, path) => {
      const res = await request(peers.bff.app).get(path).set('Host', host(marketId));
      expect(res.status).toBe(200);
      expect(res.text).toContain('data-island="sellCar"');
      expect(res.text).toMatch(/<form class="lead-form sell-car-form"[^>]*>/);
      expect(res.text).toMatch(/<input[^>]+type="radio"[^>]+value="tradeInCar"/);
    },
  );

  const cases = (['se', 'se-used', 'fi', 'uk', 'no', 'sk'] as const).flatMap((marketId) =>
    sellCarRules(marketId).map((rule) => [marketId, rule.source, rule.destination] as const),
  );

  // Issue 39: the used-car brand's old path, which shoppers type on the dealer group's host too.
  it.each([
    ['/salj-din-bil', SELL_CAR_PATHS.se],
    ['/Salj-Din-Bil/?utm_source=print', `${SELL_CAR_PATHS.se}?utm_source=print`],
    ['/salj-din-bil/inbyte', SELL_CAR_SHORT_PATH],
  ])('se: %s redirects (301) to the sell-car page %s', async (source, destination) => {
    const res = await request(peers.bff.app).get(source).set('Host', host('se'));
    expect([res.status, res.headers.location]).toEqual([301, destination]);
  });

  it('finds the sell-car rules of the tables (se-used, fi, uk at least)', () => {
    expect([...new Set(cases.map(([marketId]) => marketId))].sort()).toEqual(
      expect.arrayContaining(['fi', 'se-used', 'uk']),
    );
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)(
    '%s: %s redirects (301) to %s, which answers 200 with the form',
    async (marketId, source, destination) => {
      const redirect = await request(peers.bff.app).get(source).set('Host', host(marketId));
      expect(redirect.status).toBe(301);
      expect(new URL(redirect.headers.location!, 'http://x').pathname).toBe(destination);
      const page = await request(peers.bff.app).get(destination).set('Host', host(marketId));
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-island="sellCar"');
    },
  );
});

describe('lead-form pages a shopper can find', () => {
  const menuLinks = (html: string) =>
    [...(/<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '').matchAll(/<a\b[^>]*\bhref="([^"#]+)"/g)].map((m) => m[1]!);

  it.each(Object.entries(SELL_CAR_PATHS))(
    '%s: the header menu of the home page links the sell-car page %s',
    async (marketId, path) => {
      const home = await request(peers.bff.app).get('/').set('Host', host(marketId));
      expect(menuLinks(home.text)).toContain(path);
    },
  );

  it('the Norwegian service menu links the motorcycle workshop page, which answers 200 with the service request', async () => {
    const home = await request(peers.bff.app).get('/').set('Host', host('no'));
    const mc = menuLinks(home.text).find((href) => href.endsWith('/mc-verksted'));
    expect(mc).toBe('/verksted/mc-verksted');
    const page = await request(peers.bff.app).get(mc!).set('Host', host('no'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-island="serviceRequest"');
  });

  it('the motorcycle workshop is not in the menu of a market without the service request form', async () => {
    const home = await request(peers.bff.app).get('/').set('Host', host('se'));
    expect(menuLinks(home.text).some((href) => /mc-verk/.test(href))).toBe(false);
  });
});
