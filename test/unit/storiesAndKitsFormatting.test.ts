import {
  formatKitPrice,
  kitsQueryOf,
  kitsQueryParams,
  kitsSearchBody,
  KITS_MAX_PAGES,
} from '../../client/shared/kits/kitsQuery.js';
import { formatMarketDate } from '../../client/shared/marketDate.js';
import { fillText } from '../../markets/translations/plural.js';
import { loadMoreHref } from '../../client/shared/stories/storyLinks.js';

describe('dates as each market writes them', () => {
  it.each([
    ['YYYY-MM-DD', '2026-03-05'],
    ['DD.MM.YYYY', '05.03.2026'],
    ['DD/MM/YYYY', '05/03/2026'],
    ['D.M.YYYY', '5.3.2026'],
    ['D. M. YYYY', '5. 3. 2026'],
  ] as const)('%s', (format, expected) => {
    expect(formatMarketDate('2026-03-05', format)).toBe(expected);
    expect(formatMarketDate('2026-03-05T10:00:00.000Z', format)).toBe(expected);
  });

  it('shows an unreadable date as given rather than "Invalid Date"', () => {
    expect(formatMarketDate('soon', 'DD/MM/YYYY')).toBe('soon');
  });
});

describe('stories load-more link', () => {
  it('asks the server for one more page and jumps to the first new story, keeping the tag', () => {
    expect(loadMoreHref({ pathname: '/nyheter', search: 'tag=Elbil' }, 1, 'b1', 4)).toBe(
      '/nyheter?tag=Elbil&page=2#b1-story-4',
    );
    expect(loadMoreHref({ pathname: '/nyheter', search: 'page=2' }, 2, 'b1', 8)).toBe('/nyheter?page=3#b1-story-8');
    expect(fillText('Visar {shown} av {total}', { shown: 4, total: 9 })).toBe('Visar 4 av 9');
  });
});

describe('kits query', () => {
  it('reads the filter form and page from the query, bounded', () => {
    const { query, pages } = kitsQueryOf(
      new URLSearchParams('keyphrase=%20dragkrok%20&brand=Volvo&brand=Volvo&brand=Kia&category=&page=99'),
    );
    expect(query).toEqual({ keyphrase: 'dragkrok', filters: { brand: ['Volvo', 'Kia'], category: [] } });
    expect(pages).toBe(KITS_MAX_PAGES);
    expect(kitsQueryOf(new URLSearchParams('page=x')).pages).toBe(1);
  });

  it('writes the same query back as page parameters', () => {
    const query = { keyphrase: 'box', filters: { brand: ['Volvo'], category: ['Laddning'] } };
    expect(kitsQueryParams(query, 2).toString()).toBe('keyphrase=box&brand=Volvo&category=Laddning&page=2');
    expect(kitsQueryOf(kitsQueryParams(query, 2))).toEqual({ query, pages: 2 });
  });

  it('asks for facets on the first page only, 48 a page', () => {
    const query = { keyphrase: '', filters: { brand: ['Volvo'], category: [] } };
    expect(kitsSearchBody(query, 0)).toEqual({
      index: 'kits',
      facets: ['brand', 'category'],
      filters: [{ field: 'brand', values: ['Volvo'] }],
      limit: 48,
      offset: 0,
    });
    expect(kitsSearchBody(query, 48)).toEqual({
      index: 'kits',
      filters: [{ field: 'brand', values: ['Volvo'] }],
      limit: 48,
      offset: 48,
    });
  });

  it('prices a kit in its own currency, euros when it has none or an unknown one', () => {
    expect(formatKitPrice(1299, 'SEK', 'sv-SE')).toBe(
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(1299),
    );
    expect(formatKitPrice(89.5, '', 'sk-SK')).toBe(
      new Intl.NumberFormat('sk-SK', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(89.5),
    );
    expect(formatKitPrice(10, 'NOT-A-CODE', 'en-GB')).toBe('€10');
  });
});
