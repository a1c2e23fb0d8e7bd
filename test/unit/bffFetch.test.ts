import { jest } from '@jest/globals';
import { bffFetch, inLanguage, pageLanguage } from '../../client/api/bffFetch.js';

const url = (path: string) => new URL(path, 'http://fi.localhost');

describe('the page language on every BFF request', () => {
  it('puts the language into the searches and story pages, whose answers hold texts', () => {
    expect(JSON.parse(inLanguage(url('/api/search'), { index: 'kits', keyphrase: 'takbox' }, 'sv').body!)).toEqual({
      language: 'sv',
      index: 'kits',
      keyphrase: 'takbox',
    });
    expect(inLanguage(url('/api/stories?offset=12&limit=12'), undefined, 'sv').url.search).toBe(
      '?offset=12&limit=12&lang=sv',
    );
  });

  it('keeps a language the caller chose, and sends nothing more without one or to other routes', () => {
    expect(JSON.parse(inLanguage(url('/api/search'), { index: 'cars', language: 'fi' }, 'sv').body!)).toEqual({
      index: 'cars',
      language: 'fi',
    });
    expect(inLanguage(url('/api/stories?lang=fi'), undefined, 'sv').url.search).toBe('?lang=fi');
    expect(JSON.parse(inLanguage(url('/api/search'), { index: 'cars' }, '').body!)).toEqual({ index: 'cars' });
    expect(JSON.parse(inLanguage(url('/api/mechmate/book'), { regNo: 'ABC123' }, 'sv').body!)).toEqual({
      regNo: 'ABC123',
    });
    expect(inLanguage(url('/api/places/autocomplete?input=G'), undefined, 'sv').url.search).toBe('?input=G');
  });

  it('reads the language of the page (<html lang>), none outside one', () => {
    expect(pageLanguage()).toBe('');
    Object.assign(globalThis, { document: { documentElement: { lang: 'sv' } } });
    try {
      expect(pageLanguage()).toBe('sv');
    } finally {
      Reflect.deleteProperty(globalThis, 'document');
    }
  });

  it("sends a search in the page's language, with Accept-Language for the BFF's own messages", async () => {
    const sent: { input: string; init: RequestInit }[] = [];
    const fetchMock = jest.fn(
      (input: string, init: RequestInit) => (sent.push({ input, init }), Promise.resolve(new Response('{}'))),
    );
    Object.assign(globalThis, {
      document: { documentElement: { lang: 'sv' } },
      location: { href: 'http://fi.localhost/sv/varusteet' },
      fetch: fetchMock,
    });
    try {
      await bffFetch('/api/search', {
        method: 'POST',
        json: { index: 'kits', filters: [{ field: 'category', values: ['Vinterhjul'] }] },
      });
      await bffFetch('/api/stories?offset=12');
    } finally {
      for (const name of ['document', 'location', 'fetch']) Reflect.deleteProperty(globalThis, name);
    }
    const [search, stories] = sent;
    expect(search!.input).toBe('/api/search');
    expect(JSON.parse(search!.init.body as string)).toEqual({
      language: 'sv',
      index: 'kits',
      filters: [{ field: 'category', values: ['Vinterhjul'] }],
    });
    const headers = search!.init.headers as Headers;
    expect([headers.get('accept-language'), headers.get('content-type'), headers.get('accept')]).toEqual([
      'sv',
      'application/json',
      'application/json',
    ]);
    expect(stories!.input).toBe('/api/stories?offset=12&lang=sv');
  });
});
