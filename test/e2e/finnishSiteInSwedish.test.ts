import type { Page } from 'playwright-core';
import { sandboxDataset } from '../../sandbox/data/dataset.js';
import { VOCABULARIES } from '../../sandbox/data/vocabulary.js';
import { KIT_PRODUCTS } from '../../sandbox/data/kits.js';
import { startBrowserSession } from '../support/browserSession.js';

const session = startBrowserSession();

/** Finnish words of the sandbox's documents that Swedish writes otherwise (fuel, gearbox, equipment, kit names and categories). */
function finnishWords(): string[] {
  const { fi, sv } = VOCABULARIES;
  const pairs: [string[], string[]][] = [
    [Object.values(fi.fuel), Object.values(sv.fuel)],
    [Object.values(fi.gearbox), Object.values(sv.gearbox)],
    [fi.equipment, sv.equipment],
    [fi.kitCategories, sv.kitCategories],
    [KIT_PRODUCTS.fi, KIT_PRODUCTS.sv],
  ];
  return [
    ...pairs.flatMap(([finnish, swedish]) => finnish.filter((word) => !swedish.includes(word))),
    '-sarja',
    'pitkä',
    'Rahoitus',
  ];
}
const finnishIn = (text: string) => finnishWords().filter((word) => text.toLowerCase().includes(word.toLowerCase()));

const kitsText = async (page: Page) =>
  ((await page.locator('.kits').textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('fi.localhost/sv in a real browser', () => {
  it('a fuel filter reads "El" while filtering on "Sähkö", and a Swedish equipment word finds cars', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('fi.localhost', '/sv/autot'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const fuel = page.locator('details.facet', { has: page.locator('summary', { hasText: 'Drivmedel' }) });
    await fuel.locator('summary').click();
    await fuel.getByRole('checkbox', { name: /^El \d+$/ }).click();
    await page.waitForURL(/car_fuel=S%C3%A4hk%C3%B6/);
    await page.getByRole('link', { name: 'Ta bort filter: Drivmedel: El' }).waitFor();
    await expect(page.getByText('Sähkö', { exact: true }).count()).resolves.toBe(0);

    await page.getByRole('searchbox', { name: 'Sök bil' }).fill('backkamera');
    await page.waitForURL(/keyphrase=backkamera/);
    await page.waitForFunction(() =>
      /^\d[\d\s]* bilar$/.test(
        (document.querySelector('.car-list__count')?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
      ),
    );
    expect(await page.locator('.car-card').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('the language switch on a filtered list opens the Finnish list on the same cars, also after a filter ticked in the browser', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('fi.localhost', '/sv/autot?car_model=C-klass'));
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    const fuel = page.locator('details.facet', { has: page.locator('summary', { hasText: 'Drivmedel' }) });
    await fuel.locator('summary').click();
    await fuel.getByRole('checkbox', { name: /^Diesel \d+$/ }).click();
    await page.waitForURL(/car_fuel=Diesel/);
    // The count is empty while a search replaces the cars.
    const count = async () =>
      (
        await page.waitForFunction(
          () =>
            /^\d+/.exec(
              (document.querySelector('.car-list__count')?.textContent ?? '').replace(/[\s\u00a0\u202f]/g, ''),
            )?.[0],
        )
      ).jsonValue();
    const swedish = await count();
    const finnish = page.locator('.language-switch a[hreflang="fi"]');
    // The link follows the ticked filter, its model in Finnish.
    await page.waitForFunction(() =>
      /car_fuel=Diesel/.test(document.querySelector('.language-switch a[hreflang="fi"]')?.getAttribute('href') ?? ''),
    );
    expect(new URL((await finnish.getAttribute('href'))!, page.url()).searchParams.getAll('car_model')).toEqual([
      'C-sarja',
    ]);
    await finnish.click();
    await page.waitForURL((url) => url.pathname === '/autot');
    await page.locator('[data-island="carList"][data-hydrated="true"]').waitFor();
    expect(Number(await count())).toBeGreaterThan(0);
    expect(await count()).toBe(swedish);
    await page.close();
  });

  it('the kits page answers a search and a ticked category in Swedish: "takbox" finds roof boxes, "Vinterhjul" lists the winter wheels', async () => {
    const { seed, now } = session.sandbox.ctx;
    const winterWheels = sandboxDataset(seed, now())
      .kits.get('fi')!
      .filter((kit) => kit.category === 'Talvipyörät').length;
    expect(winterWheels).toBe(8);
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.url('fi.localhost', '/sv/varusteet'));
    await page.locator('[data-island="kits"][data-hydrated="true"]').waitFor();

    await page.getByRole('searchbox', { name: 'Sök tillbehör' }).fill('takbox');
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await page.waitForURL(/keyphrase=takbox/);
    await page.waitForFunction(
      () =>
        !/^0 /.test(document.querySelector('.kits__count')?.textContent ?? '0 ') &&
        document.querySelector('.kits__results')?.getAttribute('aria-busy') === 'false',
    );
    const names = await page.locator('.kit-card__title').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^Takbox 420 l – /);
    expect(finnishIn(await kitsText(page))).toEqual([]);

    await page.getByRole('link', { name: 'Rensa filter' }).click();
    await page.waitForFunction(() => !location.search.includes('keyphrase'));
    await page.getByRole('checkbox', { name: /^Vinterhjul \(\d+\)$/ }).check();
    await page.waitForURL(/category=Vinterhjul/);
    await page.waitForFunction(
      (count) => document.querySelector('.kits__count')?.textContent === `${count} tillbehör`,
      winterWheels,
    );
    expect(await page.locator('.kit-card').count()).toBe(winterWheels);
    for (const name of await page.locator('.kit-card__title').allTextContents())
      expect(name).toMatch(/^Vinterhjul 18" – /);
    await expect(page.getByRole('checkbox', { name: `Vinterhjul (${winterWheels})` }).isChecked()).resolves.toBe(true);
    expect(finnishIn(await kitsText(page))).toEqual([]);
    await page.close();
  });

  it('the compare modal shows Swedish values and equipment, also for a car chosen on the Finnish pages', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(session.url('fi.localhost', '/demo'));
    const cars = await page.evaluate(async () => {
      const res = await fetch('/api/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Cars with words that differ in Swedish: electric (Sähkö), a C-sarja or 3-sarja, a long Sprinter.
        body: JSON.stringify({
          index: 'cars',
          limit: 100,
          fields: ['car_id', 'slug', 'car_model', 'car_variant', 'car_fuel'],
        }),
      });
      return (
        (await res.json()) as {
          content: { car_id: string; slug: string; car_model: string; car_variant: string; car_fuel: string }[];
        }
      ).content;
    });
    const chosen: typeof cars = [];
    const pick = (test: (car: (typeof cars)[number]) => boolean) => {
      chosen.push(cars.find((car) => test(car) && !chosen.includes(car)) ?? cars.find((car) => !chosen.includes(car))!);
    };
    pick((c) => c.car_model.endsWith('-sarja'));
    pick((c) => c.car_fuel === 'Sähkö');
    pick((c) => c.car_variant.includes('pitkä'));
    const toggle = () => page.locator('.car-detail__actions').getByRole('button', { name: /^(Vertaa|Jämför):/ });
    for (const [i, car] of chosen.entries()) {
      // The first on the Finnish page, the others on the Swedish one: the modal shows them all in Swedish.
      // The next page follows the click at once, as a shopper's may: a detail whose fetch that cut is fetched on the next page.
      await page.goto(session.url('fi.localhost', `${i === 0 ? '' : '/sv'}/autot/auto/${car.car_id}/${car.slug}`));
      await page.locator('[data-island="compare"][data-hydrated="true"]').first().waitFor();
      await toggle().click();
    }
    await page.goto(session.url('fi.localhost', '/sv/autot'));
    const bar = page.getByRole('region', { name: 'Jämför bilar' });
    await bar.getByRole('button', { name: 'Visa jämförelse' }).click();
    const modal = page.getByRole('dialog', { name: 'Jämför bilar' });
    await page.waitForFunction(() => {
      const stored = JSON.parse(sessionStorage.getItem('compare') ?? '[]') as { language?: string; detail: unknown }[];
      return stored.length === 3 && stored.every((car) => car.language === 'sv' && car.detail !== null);
    });
    await expect(modal.getByRole('columnheader').count()).resolves.toBe(3);
    const text = (await modal.textContent()) ?? '';
    expect(finnishIn(text)).toEqual([]);
    expect(text).toContain('Drivmedel');
    await context.close();
  });
});
