import { LANGUAGES, type Language } from '../../markets/schema.js';
import { DICTIONARIES, translator } from '../../markets/translations/dictionaries.js';
import { countText, type PluralText } from '../../markets/translations/plural.js';
import { sv, type PluralKey } from '../../markets/translations/sv.js';

const pluralKeys = (Object.keys(sv) as (keyof typeof sv)[]).filter((key) => typeof sv[key] === 'object') as PluralKey[];

describe('count texts', () => {
  it.each(LANGUAGES.map((l) => [l]))(
    '%s writes every count text in exactly the plural forms its language has',
    (language) => {
      const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      expect(pluralKeys.length).toBeGreaterThan(5);
      for (const key of pluralKeys)
        expect([key, Object.keys(DICTIONARIES[language][key]).sort()]).toEqual([key, categories]);
    },
  );

  const examples: [Language, number, string][] = [
    ['sv', 1, '1 bil'],
    ['sv', 0, '0 bilar'],
    ['sv', 2, '2 bilar'],
    ['en', 1, '1 car'],
    ['en', 12, '12 cars'],
    ['nb', 1, '1 bil'],
    ['nb', 3, '3 biler'],
    ['fi', 1, '1 auto'],
    ['fi', 7, '7 autoa'],
    ['sk', 1, '1 auto'],
    ['sk', 2, '2 autá'],
    ['sk', 4, '4 autá'],
    ['sk', 5, '5 áut'],
    ['sk', 0, '0 áut'],
    ['sk', 1.5, '1.5 auta'],
  ];
  it.each(examples)('%s: a count of %s reads "%s"', (language, count, expected) => {
    expect(countText(DICTIONARIES[language]['carList.resultCount'], language, count)).toBe(expected);
    expect(translator(language)('carList.resultCount', { count })).toBe(expected);
  });

  it('counts with the locale of a market page and fills the other placeholders', () => {
    const t = translator('nb');
    expect(t('pages.sitesMatching', { count: 1, query: 'Oslo' })).toBe('1 avdeling passer til «Oslo».');
    expect(t('pages.sitesMatching', { count: 4, query: 'Oslo' })).toBe('4 avdelinger passer til «Oslo».');
    expect(countText(t.plural('carList.progress'), 'nb-NO', 1, { shown: 1 })).toBe('Viser 1 av 1 bil');
  });

  it('shows a number the caller formatted while choosing the form by the number', () => {
    const forms: PluralText = DICTIONARIES.sk['carList.resultCount'];
    expect(countText(forms, 'sk-SK', 10_001, { count: '10000+' })).toBe('10000+ áut');
    expect(countText(DICTIONARIES.sv['carList.progress'], 'sv-SE', 1500, { shown: '48', count: '1 500' })).toBe(
      'Visar 48 av 1 500 bilar',
    );
  });
});
