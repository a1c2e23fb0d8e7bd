import { jest } from '@jest/globals';
import request from 'supertest';
import type { Car, Site } from '../../contracts/upstream/search.js';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

/** Issue 26 items 3 and 15: the texts and the sandbox's data read like each market's real ones. */
jest.setTimeout(60_000);

const harness = sharedStackForThisFile();
const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const get = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
async function all<T>(index: string): Promise<T[]> {
  const docs: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await fetch(`${harness.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index, limit: 100, offset }),
    });
    const page = ((await res.json()) as { content: T[] }).content;
    docs.push(...page);
    if (page.length < 100) return docs;
  }
}
const text = (html: string) =>
  html
    .replace(/<script[^>]*>[^]*?<\/script>/g, ' ')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ');
/** Variants that exist with one fuel only, in any market's words. */
const ELECTRIC_ONLY = /^(eSprinter|e-Transporter|eDaily|E-Transit Custom|SE|SE ALL4|E)$/;

describe('sandbox cars are consistent', () => {
  it.each(MARKETS.map((m) => [m.id]))(
    '%s: each car is sold by a dealer of its brand, and an electric-only variant is electric',
    async (id) => {
      const [cars, sites] = await Promise.all([all<Car>(`cars-${id}`), all<Site>(`sites-${id}`)]);
      const byId = new Map(sites.map((s) => [s.site_id, s]));
      const wrongDealer = cars.filter(
        (c) =>
          (byId.get(c.car_site_id)?.site_brands.length ?? 0) > 0 &&
          !byId.get(c.car_site_id)!.site_brands.includes(c.car_brand),
      );
      expect(wrongDealer.map((c) => `${c.car_brand} at ${c.car_site_name}`)).toEqual([]);
      const electricWord = new Set(['El', 'Sähkö', 'Elektrisk', 'Elektro', 'Electric']);
      expect(
        cars
          .filter((c) => ELECTRIC_ONLY.test(c.car_variant) && !electricWord.has(c.car_fuel))
          .map((c) => `${c.car_model} ${c.car_variant} ${c.car_fuel}`),
      ).toEqual([]);
      expect(
        cars
          .filter((c) => /CDI|TDI|(?<!\d)\d+d\b/.test(c.car_variant) && electricWord.has(c.car_fuel))
          .map((c) => `${c.car_model} ${c.car_variant}`),
      ).toEqual([]);
    },
  );

  it('uk: model names and URLs are English (C-Class, 3 Series, Panel Van), not Swedish', async () => {
    const cars = await all<Car>('cars-uk');
    const swedish = /klass|serie\b|Skåp|Lång|Chassi|Kombi/;
    expect(
      cars
        .filter((c) => swedish.test(`${c.car_model} ${c.car_variant}`) || /klass|-serie-|skap|-lang-/.test(c.slug))
        .map((c) => c.slug),
    ).toEqual([]);
    expect(cars.some((c) => c.car_model === 'C-Class' || c.car_model === '3 Series')).toBe(true);
  });
});

describe('sandbox addresses', () => {
  it('no: postcodes have four digits; se and sk write five digits as "NNN NN"; fi five digits', async () => {
    const zips = async (id: string) => (await all<Site>(`sites-${id}`)).map((s) => s.site_zip);
    expect((await zips('no')).filter((z) => !/^\d{4}$/.test(z))).toEqual([]);
    for (const id of ['se', 'se-used', 'sk'])
      expect((await zips(id)).filter((z) => !/^\d{3} \d{2}$/.test(z))).toEqual([]);
    expect((await zips('fi')).filter((z) => !/^\d{5}$/.test(z))).toEqual([]);
  });

  it('uk: the site page writes the address the British way: "41 Veum Fold", "Coventry CV3 0CL"', async () => {
    const site = (await all<Site>('sites-uk'))[0]!;
    expect(site.site_street).toMatch(/^\d+ \D+$/);
    const res = await get(market('uk').devHostname, `${market('uk').paths.siteDetail}/${site.slug}`);
    expect(res.status).toBe(200);
    expect(text(res.text)).toContain(`${site.site_street} ${site.site_city} ${site.site_zip}`);
  });
});

describe('texts in the right case and language', () => {
  it.each([
    ['uk', '/', /All of |Everything about|Kartdata/],
    ['se', '/', /allt om om oss|Allt om Om oss/i],
    ['fi', '/sv', /allt om om oss|Allt om Om oss/i],
    ['no', '/', /alt om finn oss|Alt om Om oss/i],
  ] as const)(
    '%s %s: no template copy that repeats the page name ("allt om om oss", "All of Buy a car")',
    async (id, path, wrong) => {
      const res = await get(market(id).devHostname, path);
      expect(res.status).toBe(200);
      expect(res.text).not.toMatch(wrong);
    },
  );

  it('uk: the site map credits its tiles in English ("Map data: sandbox")', async () => {
    const site = (await all<Site>('sites-uk'))[0]!;
    const res = await get(market('uk').devHostname, `${market('uk').paths.siteDetail}/${site.slug}`);
    expect(res.text).toContain('"attribution":"Map data: sandbox"');
    expect(res.text).not.toContain('Kartdata');
  });

  it('sk: every date a shopper reads is written one way, "24. 12. 2026"', async () => {
    const sk = market('sk');
    const site = (await all<Site>('sites-sk'))[0]!;
    const pages = await Promise.all(
      ['/', `${sk.paths.siteDetail}/${site.slug}`, sk.paths.stories].map((p) => get(sk.devHostname, p)),
    );
    const dates = pages.flatMap((res) =>
      [...text(res.text).matchAll(/\b\d{1,4}[./-] ?\d{1,2}[./-] ?\d{2,4}\b/g)].map((m) => m[0]),
    );
    expect(dates.length).toBeGreaterThan(2);
    expect(dates.filter((d) => !/^\d{1,2}\. \d{1,2}\. \d{4}$/.test(d))).toEqual([]);
  });
});
