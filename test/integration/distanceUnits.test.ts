import { jest } from '@jest/globals';
import request from 'supertest';
import { mileageLabelKey } from '../../client/cars/carCardTexts.js';
import { distanceUnitText, mileageInUnit } from '../../client/shared/cars/formatCar.js';
import { MARKETS } from '../../markets/registry.js';
import type { Language, Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { localisedMarket, localisePath } from '../../server/markets/languagePath.js';
import { SELL_CAR_PATHS } from '../../sandbox/data/content/leadFormPages.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

jest.setTimeout(60_000);

const harness = sharedStackForThisFile();

const get = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/&amp;/g, '&');
const number = (n: number, locale: string) => new Intl.NumberFormat(locale).format(n).replace(/[\u00a0\u202f]/g, ' ');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cardMileages = (html: string, label: string) =>
  [...html.matchAll(new RegExp(`<dt>${escape(label)}</dt><dd>([^<]+)</dd>`, 'g'))].map((m) => m[1]!);

const pairs: [string, Market, Language][] = MARKETS.flatMap((m) =>
  m.languages.map((l) => [`${m.id}/${l}`, m, l] as [string, Market, Language]),
);

describe('one distance unit per market', () => {
  it.each(pairs)(
    '%s: the mileage filter, chip, sort, cards, car page and leasing all speak the market unit',
    async (_name, market, language) => {
      const t = translator(language);
      const locale = market.locales[language]!;
      const unit = distanceUnitText(market.distanceUnit);
      const label = t(mileageLabelKey(market.distanceUnit));
      const paths = localisedMarket(market, language).paths;
      // 0–50 000 km in the URL (the search service's unit), whatever the market shows.
      const res = await get(market.devHostname, `${paths.carList}?car_mileage=0-50000&sortName=mileage_asc`);
      expect(res.status).toBe(200);
      const html = text(res.text);
      const upper = number(mileageInUnit(50_000, market.distanceUnit), locale);

      expect(html).toContain(`>${label} (${unit})`);
      expect(html).toContain(`${label} (${unit}): 0 ${unit} – ${upper} ${unit}`);
      expect(html).toMatch(new RegExp(`<option value="mileage_asc" selected="">${escape(label)}, `));
      expect(/<input[^>]*name="car_mileage_max"[^>]*>/.exec(html)?.[0]).toContain(
        `value="${mileageInUnit(50_000, market.distanceUnit)}"`,
      );
      // The compare bar's mileage row (its labels travel in the island's props).
      expect(res.text).toMatch(new RegExp(`"rows":\\{[^}]*"mileage":"${escape(label)}"`));
      const cards = cardMileages(html, label);
      expect(cards.length).toBeGreaterThan(0);
      for (const value of cards) expect(value).toMatch(new RegExp(`^[\\d ,.]+ ${unit}$`));

      const detailPath = /<a class="car-card__link" href="([^"]+)"/.exec(res.text)![1]!;
      const detail = text((await get(market.devHostname, detailPath)).text);
      const facts = cardMileages(detail, label);
      expect(facts.length).toBeGreaterThan(0);
      for (const value of facts) expect(value).toMatch(new RegExp(`^[\\d ,.]+ ${unit}$`));
      for (const [, value] of detail.matchAll(
        new RegExp(`<dt>${escape(t('carDetail.financeMileage'))}</dt><dd>([^<]+)</dd>`, 'g'),
      )) {
        expect(value).toMatch(new RegExp(`^[\\d ,.]+ ${unit}$`));
      }
    },
  );

  it("se: 5 000 typed in the plain form's mileage box means 5 000 mil, the cars up to 50 000 km", async () => {
    const res = await get(
      'se.localhost',
      '/kop-bil/sok-bil?car_mileage_min=&car_mileage_max=5000&sortName=mileage_desc',
    );
    expect(res.status).toBe(200);
    const props = JSON.parse(
      /<script type="application\/json" id="[^"]+-props">(.*?)<\/script>/s.exec(
        res.text.slice(res.text.indexOf('data-island="carList"')),
      )![1]!,
    ) as {
      state: { ranges: Record<string, number[]> };
      results: { cars: { mileageKm: number }[] };
    };
    expect(props.state.ranges.car_mileage).toEqual([0, 50_000]);
    expect(props.results.cars.length).toBeGreaterThan(0);
    expect(Math.max(...props.results.cars.map((c) => c.mileageKm))).toBeLessThanOrEqual(50_000);
    expect(Math.max(...props.results.cars.map((c) => c.mileageKm))).toBeGreaterThan(5_000);
    expect(text(res.text)).toContain('Miltal (mil): 0 mil – 5 000 mil');
  });

  it('uk: 30,000 typed in the mileage box means miles (48,280 km)', async () => {
    const res = await get('uk.localhost', `${MARKETS.find((m) => m.id === 'uk')!.paths.carList}?car_mileage_max=30000`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('car_mileage=0-48280');
    expect(text(res.text)).toContain('Mileage (miles): 0 miles – 30,000 miles');
  });

  it.each(pairs)('%s: the sell-car form asks for the mileage in the market unit', async (_name, market, language) => {
    const t = translator(language);
    const res = await get(market.devHostname, localisePath(market, language, SELL_CAR_PATHS[market.id]));
    expect(res.status).toBe(200);
    const expected = `${t(mileageLabelKey(market.distanceUnit))} (${distanceUnitText(market.distanceUnit)})`;
    expect(text(res.text)).toMatch(new RegExp(`<label[^>]*>${escape(expected)}`));
  });

  it('uk: a range filter from a link reads in miles in its chip (the URL keeps km)', async () => {
    const res = await get('uk.localhost', `${MARKETS.find((m) => m.id === 'uk')!.paths.carList}?car_range_km=161-483`);
    expect(res.status).toBe(200);
    expect(text(res.text)).toContain('Range (miles): 100 miles – 300 miles');
  });
});
