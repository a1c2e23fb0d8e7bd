import { formatMarketDate, parseMarketDate } from '../../client/shared/marketDate.js';
import { valuesFromPost } from '../../server/api/postedValues.js';

describe('a day typed in the market’s way', () => {
  it.each([
    ['24.12.2026', 'DD.MM.YYYY', '2026-12-24'],
    ['1.2.2027', 'DD.MM.YYYY', '2027-02-01'],
    [' 01/02/2027 ', 'DD/MM/YYYY', '2027-02-01'],
    ['1. 2. 2027', 'D. M. YYYY', '2027-02-01'],
    ['2027-02-01', 'DD.MM.YYYY', '2027-02-01'],
    ['2027-2-1', 'YYYY-MM-DD', '2027-02-01'],
  ] as const)('%s (%s) is %s, and reads back as the market writes it', (typed, format, iso) => {
    expect(parseMarketDate(typed, format)).toBe(iso);
    expect(parseMarketDate(formatMarketDate(iso, format), format)).toBe(iso);
  });

  it.each([
    ['31.02.2027', 'DD.MM.YYYY'],
    ['24.12', 'DD.MM.YYYY'],
    ['12/24/2026', 'DD/MM/YYYY'],
    ['01.02.2027', 'YYYY-MM-DD'],
    ['i morgen', 'DD.MM.YYYY'],
  ] as const)('%s (%s) is no day', (typed, format) => {
    expect(parseMarketDate(typed, format)).toBeUndefined();
  });

  it('a posted form’s day field is sent on as ISO; what is no day stays text for the schema to refuse', () => {
    const shape = { days: ['date'] };
    expect(valuesFromPost({ date: '24.12.2026' }, shape, 'DD.MM.YYYY')).toEqual({ date: '2026-12-24' });
    expect(valuesFromPost({ date: '31.02.2027' }, shape, 'DD.MM.YYYY')).toEqual({ date: '31.02.2027' });
    expect(valuesFromPost({ date: ' ' }, shape, 'DD.MM.YYYY')).toEqual({});
  });
});
