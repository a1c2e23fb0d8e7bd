import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import request from 'supertest';
import { CLIENT_BUILD_DIR } from '../../../client/entryPath.js';
import { sharedBffForThisFile } from '../../support/sharedBff.js';

// Nothing a page's first paint waits for but its own bytes (issue 38): the first screen's styles and the alert
// gate inline, the site stylesheet fetched without holding the paint up.
jest.setTimeout(30_000);

const shared = sharedBffForThisFile();

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

  it("asks for the islands' scripts after the LCP picture: every module script and preload at low priority", async () => {
    const res = await request(shared.bff.app).get('/kop-bil/sok-bil').set('Host', 'se.localhost');
    const tags = [...res.text.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map((m) => m[0]);
    expect(tags.length).toBeGreaterThan(5);
    expect(tags.filter((tag) => !tag.includes('fetchPriority="low"'))).toEqual([]);
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
