import { jest } from '@jest/globals';
import request from 'supertest';
import type { Site } from '../../contracts/upstream/search.js';
import { MARKETS } from '../../markets/registry.js';
import { localisedMarket } from '../../server/markets/languagePath.js';
import { HOLIDAYS } from '../../sandbox/data/sites.js';
import { VOCABULARIES } from '../../sandbox/data/vocabulary.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

/** Issue 26 item 2: fi.localhost/sv/... is Swedish all through, the search's texts included. */
jest.setTimeout(60_000);

const harness = sharedStackForThisFile();
const fi = MARKETS.find((m) => m.id === 'fi')!;
const sv = localisedMarket(fi, 'sv').paths;
const get = (path: string) => request(harness.bff.app).get(path).set('Host', fi.devHostname);
/** What a shopper reads: no scripts (island props), no tags. */
const text = (html: string) =>
  html
    .replace(/<script[^>]*>[^]*?<\/script>/g, ' ')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const fiWords = VOCABULARIES.fi;
const svWords = VOCABULARIES.sv;
/** Finnish words a Swedish page must not show (words both languages share, like 'Diesel' or 'Sedan', left out). */
const FINNISH = [
  ...[
    fiWords.fuel,
    fiWords.gearbox,
    fiWords.body,
    fiWords.drive,
    fiWords.color,
    fiWords.condition,
    fiWords.vehicleType,
  ].flatMap((o) => Object.values(o)),
  ...Object.values(fiWords.department),
  ...fiWords.equipment,
  ...fiWords.kitCategories,
  ...fiWords.sellerTitles,
  ...HOLIDAYS.fi.map((h) => h.name),
  fiWords.kitWords.description.split(' ')[0]!,
].filter(
  (w) => !Object.values(svWords).some((v) => (typeof v === 'string' ? v === w : JSON.stringify(v).includes(`"${w}"`))),
);
const finnishIn = (page: string) =>
  FINNISH.filter((w) => new RegExp(`(^|[\\s>(,])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([\\s<),.:]|$)`).test(page));

describe('fi.localhost/sv is Swedish', () => {
  it("the car list: facet values and chips in Swedish, while the filter keeps the index's value", async () => {
    const res = await get(`${sv.carList}?car_fuel=S%C3%A4hk%C3%B6&car_body=Maastoauto`);
    expect(res.status).toBe(200);
    const page = text(res.text);
    expect(finnishIn(page)).toEqual([]);
    expect(page).toContain('Drivmedel: El');
    expect(res.text).toContain('car_fuel=S%C3%A4hk%C3%B6');
  });

  it('a car page: description, equipment and seller titles in Swedish', async () => {
    const list = await get(sv.carList);
    const path = /<a class="car-card__link" href="([^"]+)"/.exec(list.text)![1]!;
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(finnishIn(text(res.text))).toEqual([]);
    expect(text(res.text)).toMatch(/Välkommen att provköra/);
  });

  it('a site page: department names, titles and holidays in Swedish', async () => {
    const res0 = await fetch(`${harness.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'sites-fi', limit: 1 }),
    });
    const site = ((await res0.json()) as { content: Site[] }).content[0]!;
    const res = await get(`${sv.siteDetail}/${site.slug}`);
    expect(res.status).toBe(200);
    expect(finnishIn(text(res.text))).toEqual([]);
    expect(text(res.text)).toMatch(new RegExp(Object.values(svWords.department).join('|')));
  });

  it('a car page: the model name, variant and finance provider as the Swedish documents write them', async () => {
    const search = await fetch(`${harness.sandbox.url}/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars-fi', limit: 1, filters: [{ field: 'car_model', values: ['C-sarja'] }] }),
    });
    const car = ((await search.json()) as { content: { car_id: string; slug: string }[] }).content[0]!;
    const page = text((await get(`${sv.carDetailBase}/${car.car_id}/${car.slug}`)).text);
    expect(page).toContain('Mercedes-Benz C-klass');
    expect(page).toContain('Hedin Finansiering');
    expect(page).not.toMatch(/-sarja|pitkä|Rahoitus/);
  });

  it('the site list: Finnish towns have their Swedish names, so a search for Åbo finds the Turku site', async () => {
    const res = await get(`${sv.siteDetail}?q=%C3%85bo`);
    expect(res.status).toBe(200);
    const page = text(res.text);
    // (The sandbox matches parts of words too: Uleåborg also holds 'åbo'.)
    expect(page).toMatch(/ \d+ anläggningar? matchar ”Åbo”\. /);
    expect(page).toContain('Hedin Bil Åbo');
    expect(page).not.toMatch(/Turku|Varsinais-Suomi/);
  });

  it('the kits page: kit names and descriptions in Swedish', async () => {
    const res = await get(sv.kits);
    expect(res.status).toBe(200);
    expect(finnishIn(text(res.text))).toEqual([]);
    expect(text(res.text)).toMatch(/Originaltillbehör anpassat för/);
  });
});

describe("an API answer's language is what its request says, never the browser's Accept-Language", () => {
  it('a search asked twice with the same body answers the same texts whatever Accept-Language the shoppers send', async () => {
    const body = { index: 'cars', fields: ['car_id', 'car_fuel', 'car_description'], limit: 5 };
    const post = (acceptLanguage: string) =>
      request(harness.bff.app)
        .post('/api/search')
        .set('Host', fi.devHostname)
        .set('Accept-Language', acceptLanguage)
        .send(body);
    const swedishFirst = await post('sv-FI,sv;q=0.9');
    const finnishAfter = await post('fi');
    expect(swedishFirst.status).toBe(200);
    expect(finnishAfter.body).toEqual(swedishFirst.body);
    expect(JSON.stringify(finnishAfter.body)).not.toMatch(/Välkommen att provköra/);
  });
});
