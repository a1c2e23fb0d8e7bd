import {
  currentVacations,
  formatHours,
  googleMapsSearchUrl,
  groupOpeningHours,
  openingHoursSpecification,
  upcomingDeviations,
  weekdayName,
  type OpeningDay,
} from '../../views/pages/sites/openingHours.js';
import { siteSlugOf } from '../../server/pages/siteDetailRoutes.js';

const week = (
  weekday: [string, string] | null,
  saturday: [string, string] | null,
  sunday: [string, string] | null,
): OpeningDay[] =>
  (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day, i) => {
    const hours = i < 5 ? weekday : i === 5 ? saturday : sunday;
    return { day, closed: hours === null, opens: hours?.[0] ?? null, closes: hours?.[1] ?? null };
  });

describe('opening hours on a site page', () => {
  it('joins consecutive days with the same hours into one row', () => {
    const rows = groupOpeningHours(week(['09:00', '18:00'], ['10:00', '15:00'], null));
    expect(rows.map((r) => [r.first, r.last, formatHours(r.hours, 'Stängt')])).toEqual([
      ['Monday', 'Friday', '09:00–18:00'],
      ['Saturday', 'Saturday', '10:00–15:00'],
      ['Sunday', 'Sunday', 'Stängt'],
    ]);
  });

  it('joins a closed weekend into one row and keeps Monday first whatever the order given', () => {
    const rows = groupOpeningHours(week(['07:00', '17:00'], null, null).reverse());
    expect(rows.map((r) => `${r.first}-${r.last}`)).toEqual(['Monday-Friday', 'Saturday-Sunday']);
  });

  it('does not join equal days that are not next to each other', () => {
    const days = week(['09:00', '18:00'], null, null);
    days[2] = { day: 'Wednesday', closed: true, opens: null, closes: null };
    expect(groupOpeningHours(days).map((r) => `${r.first}-${r.last}`)).toEqual([
      'Monday-Tuesday',
      'Wednesday-Wednesday',
      'Thursday-Friday',
      'Saturday-Sunday',
    ]);
  });

  it('names weekdays in the market language, capitalised', () => {
    expect(weekdayName('Monday', 'sv-SE')).toBe('Måndag');
    expect(weekdayName('Sunday', 'en-GB')).toBe('Sunday');
    expect(weekdayName('Friday', 'fi-FI')).toBe('Perjantai');
  });

  it('shows only vacations not yet over and deviation days from today, soonest first', () => {
    const vacations = [
      { from: '2026-07-13', to: '2026-07-26', description: 'Sommar' },
      { from: '2026-12-20', to: '2027-01-02', description: 'Jul' },
    ];
    expect(currentVacations(vacations, '2026-11-21').map((v) => v.description)).toEqual(['Jul']);
    expect(currentVacations(vacations, '2026-07-26').map((v) => v.description)).toEqual(['Sommar', 'Jul']);
    const deviations = [
      { date: '2026-12-31', closed: false, opens: '10:00', closes: '13:00', description: 'Nyårsafton' },
      { date: '2026-12-24', closed: true, opens: null, closes: null, description: 'Julafton' },
      { date: '2026-06-19', closed: true, opens: null, closes: null, description: 'Midsommarafton' },
    ];
    expect(upcomingDeviations(deviations, '2026-11-21').map((d) => d.description)).toEqual(['Julafton', 'Nyårsafton']);
  });

  it('publishes open days only as schema.org opening hours', () => {
    expect(openingHoursSpecification(week(['09:00', '18:00'], null, null))).toHaveLength(5);
    expect(openingHoursSpecification(week(['09:00', '18:00'], null, null))[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '09:00',
      closes: '18:00',
    });
  });

  it('searches Google Maps for the name and full address', () => {
    const url = new URL(
      googleMapsSearchUrl({
        site_official_name: 'Hedin Bil Malmö',
        site_street: 'Agnesfridsvägen 1',
        site_zip: '21237',
        site_city: 'Malmö',
        site_country: 'Sverige',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('Hedin Bil Malmö, Agnesfridsvägen 1, 21237 Malmö, Sverige');
  });
});

describe('which paths are site pages', () => {
  it('claims one slug segment under the site-detail path, never the list itself', () => {
    expect(siteSlugOf('/anlaggningar/hedin-bil-malmo', '/anlaggningar')).toBe('hedin-bil-malmo');
    expect(siteSlugOf('/anlaggningar/hedin-bil-malmo/', '/anlaggningar')).toBe('hedin-bil-malmo');
    expect(siteSlugOf('/anlaggningar', '/anlaggningar')).toBeUndefined();
    expect(siteSlugOf('/anlaggningar/', '/anlaggningar')).toBeUndefined();
    expect(siteSlugOf('/anlaggningar/a/b', '/anlaggningar')).toBeUndefined();
    expect(siteSlugOf('/anlaggningarx/a', '/anlaggningar')).toBeUndefined();
    expect(siteSlugOf('/nyheter/a', '/anlaggningar')).toBeUndefined();
  });
});
