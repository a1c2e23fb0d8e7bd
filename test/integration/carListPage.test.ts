import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { countText } from '../../markets/translations/plural.js';
import { carListSearchBody, EMPTY_STATE, parseCarListState } from '../../client/shared/carList/carListUrlState.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

let sandbox: SandboxHere;
let bff: ComposedBff;

beforeAll(async () => {
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox, env: { UPSTREAM_SEARCH_TIMEOUT_MS: '1500' } })).bff;
});
afterAll(async () => {
  await bff.close();
  await sandbox.close();
});
afterEach(() => sandbox.ctx.faults.clear());

const marketById = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const get = (host: string, path: string) => request(bff.app).get(path).set('Host', host);
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/[\u00a0\u202f]/g, ' ');
const cardLinks = (html: string) => [...html.matchAll(/<a class="car-card__link" href="([^"]+)"/g)].map((m) => m[1]!);
const islandProps = (html: string) => {
  const json = /<script type="application\/json" id="([^"]+)-props">(.*?)<\/script>/s.exec(
    html.slice(html.indexOf('data-island="carList"')),
  )?.[2];
  return JSON.parse(json!) as { state: unknown; results: { cars: { id: string }[]; total: number; failed: boolean } };
};
const searchApi = (host: string, body: object) => request(bff.app).post('/api/search').set('Host', host).send(body);

describe('car list, server-rendered first page', () => {
  it.each(MARKETS.map((m) => [m.id, m] as const))(
    '%s renders 48 cars with the progress text in its language',
    async (_id, market) => {
      const language = market.languages[0]!;
      const t = translator(language);
      const res = await get(market.devHostname, market.paths.carList);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${language}"`);
      expect(res.text).toContain('data-island="carList"');
      const links = cardLinks(res.text);
      expect(links).toHaveLength(48);
      expect(links[0]).toMatch(new RegExp(`^${market.paths.carDetailBase}/[^/]+/[a-z0-9-]+$`));
      const { results } = islandProps(res.text);
      const total =
        results.total > 10_000
          ? '10000+'
          : new Intl.NumberFormat(market.locales[language]).format(results.total).replace(/[\u00a0\u202f]/g, ' ');
      // A count text: the form the total chooses, the total as the island writes it.
      expect(text(res.text)).toContain(
        countText(t.plural('carList.progress'), language, results.total, { shown: 48, count: total }),
      );
      expect(text(res.text)).toContain(`>${t('carList.facet.car_brand')}`);
      expect(res.text).toMatch(/<img class="car-card__image" src="\/media\/cars\//);
    },
  );

  it('searched exactly what the island would send, so the same search from the browser is a cache hit', async () => {
    const path = '/kop-bil/sok-bil?car_brand=Volvo&car_price=150000-400000&sortName=price_asc';
    const res = await get('se.localhost', path);
    const state = parseCarListState(new URLSearchParams(path.split('?')[1]));
    const api = await searchApi('se.localhost', carListSearchBody(state, 0));
    expect(api.headers['x-cache']).toBe('hit');
    const ids = (api.body as { content: { car_id: string }[] }).content.map((c) => c.car_id);
    expect(islandProps(res.text).results.cars.map((c) => c.id)).toEqual(ids);
    expect(islandProps(res.text).state).toEqual(state);
  });

  it('renders a deep link (page=N) as cheaply as the first page: page N alone, counted as shown, with load-more going on from there', async () => {
    const before = sandbox.upstreamCalls('search');
    const res = await get('se.localhost', '/kop-bil/sok-bil?page=2&car_price_min=1234');
    // The first page (facets and total, as a shallow link searches it) and page 2: two searches, not three.
    expect(sandbox.upstreamCalls('search') - before).toBe(2);
    const state = parseCarListState(new URLSearchParams('page=2&car_price_min=1234'));
    const page2 = await searchApi('se.localhost', carListSearchBody(state, 2));
    expect(page2.headers['x-cache']).toBe('hit');
    const ids = (page2.body as { content: { car_id: string }[] }).content.map((c) => c.car_id);
    expect(cardLinks(res.text)).toHaveLength(48);
    expect(islandProps(res.text).results.cars.map((c) => c.id)).toEqual(ids);
    expect(text(res.text)).toContain('Visar 144 av');
    expect(res.text).toMatch(/class="button car-list__more" href="\/kop-bil\/sok-bil\?[^"]*page=3"/);
    // The first page is the very entry the island asks for first.
    expect((await searchApi('se.localhost', carListSearchBody(state, 0))).headers['x-cache']).toBe('hit');
  });

  it('shows the last page of cars for a page past the end', async () => {
    const res = await get('se.localhost', '/kop-bil/sok-bil?car_brand=Porsche&page=19');
    const { results } = islandProps(res.text) as unknown as {
      results: { cars: unknown[]; total: number; fromPage: number };
    };
    expect(results.fromPage).toBe(Math.ceil(results.total / 48) - 1);
    expect(results.cars).toHaveLength(results.total - results.fromPage * 48);
    expect(text(res.text)).toContain(`Visar ${results.total} av ${results.total} bilar`);
    // The element, not the class name (which the inlined first-screen styles name too).
    expect(res.text).not.toMatch(/class="[^"]*\bcar-list__more\b/);
  });

  it('shows the noSearchResults text when nothing matches', async () => {
    const res = await get('uk.localhost', '/buy-car/used-cars?keyphrase=zzzqqq');
    expect(cardLinks(res.text)).toHaveLength(0);
    expect(res.text).toContain(translator('en')('error.noSearchResults'));
  });

  it('logs a failing search and shows carListError with a retry, keeping the page', async () => {
    sandbox.ctx.faults.set('search', { status: 503 });
    const res = await get('no.localhost', '/biler?keyphrase=feil');
    expect(res.status).toBe(200);
    expect(res.text).toContain(translator('nb')('error.carListError'));
    expect(res.text).toContain(`>${translator('nb')('carList.retry')}</button>`);
    expect(await bff.log.find((l) => l.msg === 'car list search failed: shown as an empty result')).toBeDefined();
  });

  it('serves the Swedish side of the Finnish site in Swedish, with prefixed links', async () => {
    const res = await get('fi.localhost', '/sv/autot');
    expect(res.status).toBe(200);
    expect(text(res.text)).toContain('Visar 48 av');
    expect(cardLinks(res.text)[0]).toMatch(/^\/sv\/autot\/auto\//);
    expect(res.text).toContain('action="/sv/autot"');
  });
});

describe('car list without JavaScript', () => {
  it('makes every facet value a link to the list with that value toggled, and each chip a link without it', async () => {
    const res = await get('se.localhost', '/kop-bil/sok-bil?car_brand=BMW&sortName=newest');
    expect(res.text).toContain('href="/kop-bil/sok-bil?sortName=newest&amp;car_brand=BMW&amp;car_brand=Volvo"');
    expect(res.text).toMatch(/href="\/kop-bil\/sok-bil\?sortName=newest" role="checkbox" aria-checked="true"/);
    expect(res.text).toMatch(/class="chip" href="\/kop-bil\/sok-bil\?sortName=newest"/);
    expect(res.text).toMatch(/class="chips__clear" href="\/kop-bil\/sok-bil\?sortName=newest"/);
    expect(res.text).toContain('<input type="hidden" name="car_brand" value="BMW"/>');
  });

  it('is a GET form whose plain submission filters: keyphrase, sort and range inputs', async () => {
    const res = await get('se.localhost', '/kop-bil/sok-bil');
    expect(res.text).toMatch(/<form class="car-list"[^>]* action="\/kop-bil\/sok-bil" method="get"/);
    expect(res.text).toContain('name="keyphrase"');
    expect(res.text).toContain('name="sortName"');
    expect(res.text).toContain('name="car_price_min"');
    const submitted = await get(
      'se.localhost',
      '/kop-bil/sok-bil?keyphrase=&sortName=price_asc&car_price_min=200000&car_price_max=300000',
    );
    const { state, results } = islandProps(submitted.text);
    expect(state).toEqual({ ...EMPTY_STATE, sortName: 'price_asc', ranges: { car_price: [200000, 300000] } });
    expect(results.cars.length).toBeGreaterThan(0);
    expect(text(submitted.text)).toContain('Pris: 200 000 kr – 300 000 kr');
  });

  it('drops a range the plain form sends from end to end (it is no filter)', async () => {
    const first = islandProps((await get('se.localhost', '/kop-bil/sok-bil')).text) as unknown as {
      results: { facets: { name: string; min: number; max: number }[] };
    };
    const power = first.results.facets.find((f) => f.name === 'car_power')!;
    const lo = Math.floor(power.min / 10) * 10;
    const hi = Math.ceil(power.max / 10) * 10;
    const res = await get('se.localhost', `/kop-bil/sok-bil?car_power_min=${lo}&car_power_max=${hi}`);
    expect(islandProps(res.text).state).toEqual(EMPTY_STATE);
    expect(res.text).not.toContain('class="chip"');
  });

  it('makes load-more a link to the next page', async () => {
    const res = await get('sk.localhost', '/vozidla?car_fuel=Nafta');
    expect(res.text).toContain(`class="button car-list__more" href="/vozidla?car_fuel=Nafta&amp;page=1"`);
  });
});

describe('car teasers', () => {
  it('shows the chosen cars in the editor’s order and the query teasers as 315 px scroll rows', async () => {
    const market = marketById('se');
    const home = (await (await fetch(`${sandbox.url}/content/${market.contentSite}/page?path=/`)).json()) as {
      page: { blocks: Array<{ type: string; carIds?: string[]; numberOfCars?: number }> };
    };
    const ids = home.page.blocks.find((b) => b.type === 'carTeaserIds')!.carIds!;
    const res = await get('se.localhost', '/');
    const grid = /<ul class="car-teaser__grid[^"]*">(.*?)<\/ul>/s.exec(res.text)![1]!;
    expect(cardLinks(grid).map((href) => href.split('/')[2])).toEqual(ids);
    const rows = [...res.text.matchAll(/<ul class="car-teaser__scroll">(.*?)<\/ul>/gs)];
    expect(rows.length).toBe(home.page.blocks.filter((b) => b.type === 'carTeaserQuery').length);
    for (const row of rows) expect(cardLinks(row[1]!)).toHaveLength(8);
  });

  it('leaves a teaser out when its search fails, and keeps the page', async () => {
    sandbox.ctx.faults.set('search', { status: 503 });
    const res = await get('uk.localhost', '/?teaser-fault=1');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('class="car-teaser');
  });
});
