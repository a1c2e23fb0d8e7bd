import { jest } from '@jest/globals';
import request from 'supertest';
import { marketById } from '../../markets/registry.js';
import { sandboxedBffForThisFile } from '../support/sandboxedBff.js';

jest.setTimeout(30_000);

const harness = sandboxedBffForThisFile();

const finland = marketById('fi');
const page = (path: string, host = finland.devHostname) => request(harness.bff.app).get(path).set('Host', host);
/** Every href of the page that stays on the site (no scheme, no media, no assets). */
const internalLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).filter((href) => href.startsWith('/') && !href.startsWith('/media/') && !href.startsWith('#'));
const storyPath = async (lang: string) => {
  const answer = (await (await fetch(`${harness.sandbox.url}/content/${finland.contentSite}/stories?lang=${lang}&limit=1`)).json()) as { items: Array<{ url: { path: string } }> };
  return answer.items[0]!.url.path;
};

describe('the Swedish side of the Finnish site', () => {
  it('serves /sv in Swedish with every internal link carrying the /sv prefix exactly once', async () => {
    const res = await page('/sv');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="sv"');
    // The language switch is the one place that links to the Finnish side.
    const links = internalLinks(res.text.replace(/<nav class="language-switch"[\s\S]*?<\/nav>/, ''));
    expect(links.length).toBeGreaterThan(10);
    const unprefixed = links.filter((href) => !/^\/sv(\/|\?|$)/.test(href));
    expect(unprefixed).toEqual([]);
    expect(links.filter((href) => href.startsWith('/sv/sv'))).toEqual([]);
    // The header's car-list shortcut, the footer's brand links and the hero search all stay in Swedish.
    expect(res.text).toContain(`href="/sv${finland.paths.carList}"`);
    expect(res.text).toContain(`action="/sv${finland.paths.heroSearch}"`);
  });

  it('renders a content page under /sv with Swedish content, breadcrumbs and hreflang to both languages', async () => {
    const path = await storyPath('sv');
    const [sv, fi] = await Promise.all([page(`/sv${path}`), page(path)]);
    expect(sv.status).toBe(200);
    expect(fi.status).toBe(200);
    expect(sv.text).toContain('<html lang="sv"');
    expect(fi.text).toContain('<html lang="fi"');
    const origin = `http://${finland.devHostname}`; // a local run links to itself, never to production
    expect(sv.text).toContain(`<link rel="canonical" href="${origin}/sv${path}"/>`);
    expect(sv.text).toContain(`<link rel="alternate" hrefLang="fi" href="${origin}${path}"/>`);
    expect(sv.text).toContain(`<link rel="alternate" hrefLang="sv" href="${origin}/sv${path}"/>`);
    expect(sv.text).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}${path}"/>`);
    expect(sv.text).toMatch(/<nav class="breadcrumbs"[^>]*><ol[^>]*><li><a href="\/sv">/);
  });

  it('switches language to the same page, in each language its own name', async () => {
    const path = await storyPath('fi');
    const res = await page(path);
    const switcher = /<nav class="language-switch"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(switcher).toContain(`href="${path}" hrefLang="fi" lang="fi" aria-current="true" data-same-page="">Suomi</a>`);
    expect(switcher).toContain(`href="/sv${path}" hrefLang="sv" lang="sv" data-same-page="">Svenska</a>`);
  });

  it('keeps a car detail page (not a content page) at its path in both languages', async () => {
    const search = await request(harness.bff.app).post('/api/search').set('Host', finland.devHostname).send({ index: 'cars', fields: ['car_id', 'slug'], limit: 1 });
    const car = (search.body as { content: Array<{ car_id: string; slug: string }> }).content[0]!;
    const path = `${finland.paths.carDetailBase}/${car.car_id}/${car.slug}`;
    const res = await page(`/sv${path}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="sv"');
    const switcher = /<nav class="language-switch"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(switcher).toContain(`href="${path}" hrefLang="fi"`);
    expect(switcher).toContain(`href="/sv${path}" hrefLang="sv"`);
  });

  it('links a page the service has no language version of to that language home (the 404 page)', async () => {
    const res = await page('/sv/ei-ole-olemassa');
    expect(res.status).toBe(404);
    const switcher = /<nav class="language-switch"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
    expect(switcher).toContain('href="/" hrefLang="fi"');
    expect(switcher).toContain('href="/sv" hrefLang="sv"');
  });

  it('moves the default language own prefix to the unprefixed path, keeping the query', async () => {
    const res = await page('/fi/autot?car_brand=Kia');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/autot?car_brand=Kia');
    expect((await page('/fi')).headers.location).toBe('/');
  });

  it('shows no language switch on a one-language market, where only its own code is a prefix (moved away)', async () => {
    const res = await page('/', 'se.localhost');
    expect(res.text).not.toContain('class="language-switch"');
    expect((await page('/sv/nyheter', 'se.localhost')).headers.location).toBe('/nyheter');
    expect((await page('/fi', 'se.localhost')).status).toBe(404);
  });
});
