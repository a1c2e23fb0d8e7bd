import { MARKETS } from '../../markets/registry.js';
import { LANGUAGES } from '../../markets/schema.js';
import { DICTIONARIES, translator } from '../../markets/translations/dictionaries.js';
import { createMarketResolver, normaliseHost } from '../../server/markets/resolveMarket.js';

describe('markets', () => {
  it('has the six tenants with their languages and currencies', () => {
    const summary = Object.fromEntries(MARKETS.map((m) => [m.id, `${m.languages[0]} ${m.currency}`]));
    expect(summary).toEqual({
      fi: 'fi EUR',
      no: 'nb NOK',
      se: 'sv SEK',
      'se-used': 'sv SEK',
      sk: 'sk EUR',
      uk: 'en GBP',
    });
  });

  it('gives each market exactly one development host', () => {
    expect(MARKETS.map((m) => m.devHostname).sort()).toEqual(
      ['fi.localhost', 'no.localhost', 'se-used.localhost', 'se.localhost', 'sk.localhost', 'uk.localhost'].sort(),
    );
  });

  it('puts UK-only features and DD/MM/YYYY dates on the UK market alone', () => {
    for (const market of MARKETS) {
      const isUk = market.id === 'uk';
      expect([market.features.finance, market.features.media360, market.dateFormat === 'DD/MM/YYYY']).toEqual([
        isUk,
        isUk,
        isUk,
      ]);
    }
  });

  it('offers booking and the tire hotel on both Swedish brands and the service request form in Norway only', () => {
    expect(MARKETS.filter((m) => m.features.booking).map((m) => m.id)).toEqual(['se', 'se-used']);
    expect(MARKETS.filter((m) => m.features.tireHotel).map((m) => m.id)).toEqual(['se', 'se-used']);
    expect(MARKETS.filter((m) => m.features.serviceRequestForm).map((m) => m.id)).toEqual(['no']);
  });
});

describe('translations', () => {
  const reference = Object.keys(DICTIONARIES.sv).sort();

  it.each(LANGUAGES.map((l) => [l]))('%s has every key and no empty text', (language) => {
    const dictionary = DICTIONARIES[language];
    expect(Object.keys(dictionary).sort()).toEqual(reference);
    for (const [key, text] of Object.entries(dictionary)) {
      const forms = typeof text === 'string' ? [text] : Object.values(text);
      expect([key, forms.every((form) => form.trim().length > 0)]).toEqual([key, true]);
    }
  });

  it('covers every language a market uses', () => {
    for (const market of MARKETS) for (const language of market.languages) expect(DICTIONARIES[language]).toBeDefined();
  });

  it('keeps the specification Swedish strings exact', () => {
    const t = translator('sv');
    expect(t('error.sectionTitle')).toBe('Aj då');
    expect(t('error.sectionReload')).toBe('Ladda om sidan');
  });

  it('fills placeholders', () => {
    expect(translator('en')('page.homeHeading', { site: 'Hedin' })).toBe('Welcome to Hedin');
  });
});

describe('resolveMarket', () => {
  const resolveMarket = createMarketResolver(MARKETS);

  it.each([
    ['se.localhost:3000', 'se'],
    ['SE-USED.LOCALHOST', 'se-used'],
    ['www.hedinautomotive.co.uk', 'uk'],
    ['hedinautomotive.fi.', 'fi'],
  ])('maps %s to %s', (host, id) => {
    const match = resolveMarket(host);
    expect(match.kind === 'market' && match.market.id).toBe(id);
  });

  it('tells the development index and unknown hosts apart', () => {
    expect(resolveMarket('localhost:3000').kind).toBe('index');
    expect(resolveMarket('evil.example').kind).toBe('unknown');
    expect(resolveMarket(undefined).kind).toBe('unknown');
    expect(resolveMarket('se.localhost.evil.example').kind).toBe('unknown');
  });

  it('strips ports from IPv6 literals too', () => {
    expect(normaliseHost('[::1]:3000')).toBe('[::1]');
  });
});
