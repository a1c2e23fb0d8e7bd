import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import request from 'supertest';
import { CLIENT_BUILD_DIR, PAGE_SCRIPT_LOADER_ENTRY } from '../../../client/entryPath.js';
import { sharedStackForThisFile } from '../../support/slotStacks.js';

// Nothing a page's first paint waits for but its own bytes (issue 38): the first screen's styles and the alert
// gate inline, the site stylesheet fetched without holding the paint up.
jest.setTimeout(30_000);

const shared = sharedStackForThisFile();

const head = async (path: string) => {
  const res = await request(shared.bff.app).get(path).set('Host', 'se.localhost');
  expect(res.status).toBe(200);
  return /<head>([\s\S]*)<\/head>/.exec(res.text)![1]!;
};
/** A built file's text, by the URL a page links it at. */
const built = (url: string) => readFileSync(`${CLIENT_BUILD_DIR}${url}`, 'utf8');

describe("a page's head", () => {
  it('links no script and no stylesheet that blocks the first paint', async () => {
    for (const path of ['/', '/kop-bil/sok-bil', '/service-och-verkstad/boka-service']) {
      const html = await head(path);
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      // The one outside <noscript> is for print until it has loaded.
      expect(links.filter((link) => !link.includes('media="print"'))).toHaveLength(1);
      expect(html).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/site-[\w-]+\.css"\/><\/noscript>/);
    }
  });

  it("holds the islands' scripts in a template the loader after it puts in once the page has loaded", async () => {
    const res = await request(shared.bff.app).get('/kop-bil/sok-bil').set('Host', 'se.localhost');
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(res.text)![1]!;
    const held =
      /<template>((?:<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>)+)<\/template><script>([^<]+)<\/script>$/.exec(
        body,
      );
    expect(held).not.toBeNull();
    const [, scripts, loader] = held!;
    expect(scripts).toMatch(/<script type="module" src="\/assets\/island-carList-[\w-]+\.js">/);
    // React's chunk is a script of its own ahead of the island's, so the two are evaluated in two tasks, and is
    // not preloaded as well.
    const moduleScripts = [...scripts!.matchAll(/<script type="module" src="\/assets\/([\w]+)-[\w-]+\.js">/g)].map(
      (m) => m[1],
    );
    expect(moduleScripts.indexOf('react')).toBeGreaterThanOrEqual(0);
    expect(moduleScripts.indexOf('react')).toBeLessThan(moduleScripts.indexOf('island'));
    expect(scripts).not.toMatch(/<link rel="modulepreload" href="\/assets\/react-/);
    // Outside it, only the small enhance script and its own chunks, at low priority; the loader
    // is the built one (its hash is in the CSP).
    const outside = [
      ...res.text.replace(held![0], '').matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g),
    ];
    expect(outside.map((m) => m[0]).filter((tag) => !tag.includes('fetchPriority="low"'))).toEqual([]);
    expect(outside.map((m) => m[0]).join(' ')).not.toMatch(/react-|island-|hydrateIslands-/);
    const manifest = JSON.parse(readFileSync(`${CLIENT_BUILD_DIR}/.vite/manifest.json`, 'utf8')) as Record<
      string,
      { file: string }
    >;
    expect(loader).toBe(built(`/${manifest[PAGE_SCRIPT_LOADER_ENTRY]!.file}`).trim());
    expect(res.text).toMatch(/<img[^>]*fetchPriority="high"/);
  });

  it("carries the car list's and the layout's rules inline on the car list, and no booking rules", async () => {
    const html = await head('/kop-bil/sok-bil');
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    const site = built(/<link rel="stylesheet" href="([^"]+)" media="print"/.exec(html)![1]!);
    for (const rule of ['.car-card__image{', '.site-header{', '.compare-toggle'])
      expect({ rule, inline: inline.includes(rule), site: site.includes(rule) }).toEqual({
        rule,
        inline: true,
        site: true,
      });
    expect(inline).not.toContain('.booking');
    expect(inline.length).toBeLessThan(site.length / 2);
  });
});
