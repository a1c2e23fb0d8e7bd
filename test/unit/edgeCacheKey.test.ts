import { readFileSync } from 'node:fs';
import { PAGE_PARAMETER_NAMES } from '../../server/pageCache/pageParameters.js';

/** The regex of the edge's map of page queries it keys on (deploy/nginx/edge-cache.http.conf). */
function pageQueryPattern(): RegExp {
  const conf = readFileSync('deploy/nginx/edge-cache.http.conf', 'utf8');
  const map = /map \$edge_page_args \$edge_page_args_read \{([\s\S]*?)\n\}/.exec(conf)?.[1] ?? '';
  const regex = /"~(\^[^"]+)" 1;/.exec(map)?.[1];
  if (!regex) throw new Error('no page query regex in edge-cache.http.conf');
  return new RegExp(regex.replaceAll('\\\\', '\\'));
}

describe("the edge cache's key of a page", () => {
  const keyed = pageQueryPattern();

  it('names exactly the parameters pages read (server/pageCache/pageParameters.ts), a postcode aside', () => {
    const names = /\^\(\?:\(\?:([^)]+)\)/
      .exec(keyed.source)![1]!
      .split('|')
      .map((name) => name.replaceAll('\\.', '.'));
    expect([...names].sort()).toEqual(PAGE_PARAMETER_NAMES.filter((name) => name !== 'postcode').sort());
  });

  it('keys every parameter a page reads, alone and together', () => {
    expect(PAGE_PARAMETER_NAMES.length).toBeGreaterThan(20);
    const unkeyed = PAGE_PARAMETER_NAMES.filter((name) => name !== 'postcode' && !keyed.test(`${name}=x`));
    expect(unkeyed).toEqual([]);
    expect(
      keyed.test(
        PAGE_PARAMETER_NAMES.filter((n) => n !== 'postcode')
          .map((n) => `${n}=1`)
          .join('&'),
      ),
    ).toBe(true);
  });

  it('keys no other name: a made-up or differently cased one, or a postcode (one person’s page) goes uncached', () => {
    for (const query of [
      'junk=1',
      'page=2&junk=1',
      'Page=2',
      'postcode=11122',
      'car_fuel=El&x',
      'pagex=1',
      'car_junk=1',
    ])
      expect([query, keyed.test(query)]).toEqual([query, false]);
  });
});
