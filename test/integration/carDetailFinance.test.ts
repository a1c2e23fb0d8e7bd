import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { Car, Site } from '../../contracts/upstream/search.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

jest.setTimeout(30_000);

const harness = sharedStackForThisFile();
const market = (id: Market['id']) => MARKETS.find((m) => m.id === id)!;
const page = (host: string, path: string) => request(harness.bff.app).get(path).set('Host', host);
async function search<T>(index: string, filters: { field: string; values: (string | boolean)[] }[] = []): Promise<T[]> {
  const res = await fetch(`${harness.sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index, limit: 100, filters }),
  });
  return ((await res.json()) as { content: T[] }).content;
}
const detailPath = (m: Market, car: Car) => `${m.paths.carDetailBase}/${car.car_id}/${car.slug}`;
const islandProps = (html: string, name: string) => {
  const id = new RegExp(`data-island="${name}" data-island-id="([^"]+)"`).exec(html)![1]!;
  return JSON.parse(
    new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`).exec(html)![1]!,
  ) as Record<string, unknown>;
};

describe('the finance card on car pages', () => {
  it('renders the UK card in its loading state with the cash price, for the selling site’s team, instead of loan and leasing cards', async () => {
    const uk = market('uk');
    const t = translator('en');
    const car = (await search<Car>('cars-uk')).find((c) => c.car_registration_number)!;
    const res = await page(uk.devHostname, detailPath(uk, car));
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-island="finance"');
    expect(res.text).toContain(t('finance.loading'));
    expect(res.text).toContain(`£${car.car_price.toLocaleString('en-GB')}`);
    expect(res.text).not.toContain(t('carDetail.financeProvider', { provider: '' }).trim());
    const props = islandProps(res.text, 'finance');
    const [site] = await search<Site>('sites-uk', [{ field: 'site_id', values: [car.car_site_id] }]);
    expect(props).toMatchObject({
      vehicle: {
        RegNo: car.car_registration_number!.replace(/\s/g, ''),
        CashPrice: car.car_price,
        IsNew: false,
        RegistrationDate: car.car_first_registration,
      },
      locale: 'en-GB',
      currency: 'GBP',
      dateFormat: 'DD/MM/YYYY',
      contact: { phone: site!.site_phone, email: site!.site_email },
    });
    // The odometer goes to the service in miles.
    expect((props.vehicle as { CurrentMileage: number }).CurrentMileage).toBe(Math.round(car.car_mileage / 1.609344));
  });

  it('keeps the loan and leasing cards, and ships no finance island, on a market without the calculator', async () => {
    const se = market('se');
    expect(se.features.finance).toBe(false);
    const car = (await search<Car>('cars-se')).find((c) => c.car_loan_options.length > 0)!;
    const res = await page(se.devHostname, detailPath(se, car));
    expect(res.text).toContain('id="car-finance"');
    expect(res.text).toContain(translator('sv')('carDetail.loan'));
    expect(res.text).not.toContain('data-island="finance"');
  });
});
