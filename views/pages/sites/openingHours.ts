import type { Site, SiteDepartment } from '../../../contracts/upstream/search.js';
import { dateTimeFormat } from '../../../client/shared/format/intlFormats.js';
import { siteTownLine } from '../../../client/shared/sites/siteCard.js';

export type OpeningDay = SiteDepartment['opening_hours'][number];
export type Weekday = OpeningDay['day'];
export type VacationPeriod = SiteDepartment['vacation_days'][number];
export type DeviationDay = SiteDepartment['deviation_days'][number];

export const WEEKDAYS: readonly Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** A weekday's name in the market's language ('måndag', 'Monday'), from the platform, not a dictionary. */
export function weekdayName(day: Weekday, locale: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
  const name = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** '09:00–18:00', or the closed text. */
export function formatHours(
  hours: { closed: boolean; opens: string | null; closes: string | null },
  closedText: string,
): string {
  return hours.closed || !hours.opens || !hours.closes ? closedText : `${hours.opens}–${hours.closes}`;
}

export interface OpeningRow {
  first: Weekday;
  last: Weekday;
  hours: Pick<OpeningDay, 'closed' | 'opens' | 'closes'>;
}

/** Consecutive days with the same hours as one row, Monday first: Monday–Friday 07:00–17:00, Saturday closed... */
export function groupOpeningHours(days: readonly OpeningDay[]): OpeningRow[] {
  const ordered = [...days].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
  const rows: OpeningRow[] = [];
  for (const day of ordered) {
    const hours = { closed: day.closed, opens: day.closed ? null : day.opens, closes: day.closed ? null : day.closes };
    const previous = rows.at(-1);
    const same =
      previous &&
      previous.hours.closed === hours.closed &&
      previous.hours.opens === hours.opens &&
      previous.hours.closes === hours.closes;
    const adjacent = previous && WEEKDAYS.indexOf(day.day) === WEEKDAYS.indexOf(previous.last) + 1;
    if (previous && same && adjacent) previous.last = day.day;
    else rows.push({ first: day.day, last: day.day, hours });
  }
  return rows;
}

/** Vacation periods not yet over on `today` (YYYY-MM-DD), soonest first. */
export function currentVacations(periods: readonly VacationPeriod[], today: string): VacationPeriod[] {
  return periods.filter((p) => p.to.slice(0, 10) >= today).sort((a, b) => a.from.localeCompare(b.from));
}

/** Deviation days from `today` (YYYY-MM-DD) on, soonest first. */
export function upcomingDeviations(days: readonly DeviationDay[], today: string): DeviationDay[] {
  return days.filter((d) => d.date.slice(0, 10) >= today).sort((a, b) => a.date.localeCompare(b.date));
}

/** schema.org OpeningHoursSpecification of a week: one entry per open day. */
export function openingHoursSpecification(days: readonly OpeningDay[]): object[] {
  return days
    .filter((d) => !d.closed && d.opens && d.closes)
    .map((d) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${d.day}`,
      opens: d.opens,
      closes: d.closes,
    }));
}

/** Special hours (holiday eves): closed days as opens = closes = 00:00, as schema.org asks. */
export function specialOpeningHours(days: readonly DeviationDay[]): object[] {
  return days.map((d) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: d.date.slice(0, 10),
    validThrough: d.date.slice(0, 10),
    opens: d.closed || !d.opens ? '00:00' : d.opens,
    closes: d.closed || !d.closes ? '00:00' : d.closes,
  }));
}

/** The address as one line, for the maps search. */
export const siteAddressLine = (
  site: Pick<Site, 'site_street' | 'site_zip' | 'site_city' | 'site_country'>,
  marketId = '',
) => `${site.site_street}, ${siteTownLine(site, marketId)}, ${site.site_country}`;

/** A Google Maps search for the site (opens in a new tab). */
export function googleMapsSearchUrl(
  site: Pick<Site, 'site_official_name' | 'site_street' | 'site_zip' | 'site_city' | 'site_country'>,
  marketId = '',
): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: `${site.site_official_name}, ${siteAddressLine(site, marketId)}` }).toString()}`;
}

/** OpenStreetMap centred on the site's coordinates with a marker. */
export function openStreetMapUrl(coord: Site['site_geocoord']): string {
  return `https://www.openstreetmap.org/?mlat=${coord.lat}&mlon=${coord.lng}#map=15/${coord.lat}/${coord.lng}`;
}
