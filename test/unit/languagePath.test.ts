import { marketById } from '../../markets/registry.js';
import {
  localisedMarket,
  localisePath,
  prefixContentLinks,
  splitLanguagePath,
} from '../../server/markets/languagePath.js';

const finland = marketById('fi');

describe('language prefixes in paths', () => {
  it('prefixes a non-default language exactly once and leaves the default, external, media and fragment links alone', () => {
    expect(localisePath(finland, 'sv', '/')).toBe('/sv');
    expect(localisePath(finland, 'sv', '/autot?car_brand=Kia')).toBe('/sv/autot?car_brand=Kia');
    expect(localisePath(finland, 'sv', '/?x=1')).toBe('/sv?x=1');
    expect(localisePath(finland, 'sv', '/sv/autot')).toBe('/sv/autot');
    expect(localisePath(finland, 'sv', '/svenska')).toBe('/sv/svenska');
    expect(localisePath(finland, 'fi', '/autot')).toBe('/autot');
    for (const untouched of [
      'https://example.com/x',
      '//cdn.example/x',
      '#main',
      '/media/files/a.pdf',
      '/api/search',
      'tel:0701',
    ]) {
      expect(localisePath(finland, 'sv', untouched)).toBe(untouched);
    }
  });

  it('reads the language from the prefix and sends the default language own prefix away', () => {
    expect(splitLanguagePath(finland, '/sv/autot')).toEqual({ kind: 'page', language: 'sv', path: '/autot' });
    expect(splitLanguagePath(finland, '/sv')).toEqual({ kind: 'page', language: 'sv', path: '/' });
    expect(splitLanguagePath(finland, '/svenska')).toEqual({ kind: 'page', language: 'fi', path: '/svenska' });
    expect(splitLanguagePath(finland, '/fi/autot')).toEqual({ kind: 'defaultPrefix', path: '/autot' });
    expect(splitLanguagePath(finland, '/en/autot')).toEqual({ kind: 'page', language: 'fi', path: '/en/autot' });
  });

  it('gives views the market paths of their language', () => {
    expect(localisedMarket(finland, 'sv').paths.carList).toBe('/sv/autot');
    expect(localisedMarket(finland, 'sv')).toBe(localisedMarket(finland, 'sv'));
    expect(localisedMarket(finland, 'fi')).toBe(finland);
  });

  it('makes the content service links public paths, keeping page identities and external links', () => {
    const answer = {
      path: '/tietoa',
      alternates: [{ language: 'fi', path: '/tietoa' }],
      breadcrumbs: [
        { name: 'Etusivu', path: '/' },
        { name: 'Tietoa', path: '/tietoa' },
      ],
      blocks: [
        { link: { text: 'x', url: '/autot', external: false } },
        { link: { text: 'y', url: 'https://example.com', external: true } },
      ],
      items: [
        { url: { path: '/a' }, externalLink: null },
        { url: { path: 'https://jobs.example' }, externalLink: 'https://jobs.example' },
      ],
    };
    expect(prefixContentLinks(answer, '/sv')).toEqual({
      path: '/tietoa',
      alternates: [{ language: 'fi', path: '/tietoa' }],
      breadcrumbs: [
        { name: 'Etusivu', path: '/sv' },
        { name: 'Tietoa', path: '/sv/tietoa' },
      ],
      blocks: [
        { link: { text: 'x', url: '/sv/autot', external: false } },
        { link: { text: 'y', url: 'https://example.com', external: true } },
      ],
      items: [
        { url: { path: '/sv/a' }, externalLink: null },
        { url: { path: 'https://jobs.example' }, externalLink: 'https://jobs.example' },
      ],
    });
    expect(prefixContentLinks(answer, '')).toBe(answer);
  });
});
