import type { Market } from '../../markets/schema.js';

export type MarketDateFormat = Market['dateFormat'];

/**
 * A calendar date as the market writes it (markets/*.ts `dateFormat`: UK 31/01/2026, Finland 31.1.2026).
 * `iso` is a date (`2026-01-31`) or a date-time, whose UTC day is taken. Shared by server views and the
 * stories script, so a card looks the same whichever rendered it. An unreadable value is shown as given.
 */
export function formatMarketDate(iso: string, format: MarketDateFormat): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : new Date(time).toISOString().slice(0, 10);
  const [y, m, d] = day.split('-') as [string, string, string];
  switch (format) {
    case 'YYYY-MM-DD':
      return `${y}-${m}-${d}`;
    case 'DD.MM.YYYY':
      return `${d}.${m}.${y}`;
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'D.M.YYYY':
      return `${Number(d)}.${Number(m)}.${y}`;
    case 'D. M. YYYY':
      return `${Number(d)}. ${Number(m)}. ${y}`;
  }
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})$/;

/**
 * A day as a shopper types it in the market's way (31.1.2026, 31/01/2026) or as ISO, read as `YYYY-MM-DD`;
 * undefined when it is no day of the calendar (31.02.2026). Day-first markets also take a dot, slash or dash
 * between the parts. Shared by the form's island and the BFF, which reads a date posted without scripts.
 */
export function parseMarketDate(text: string, format: MarketDateFormat): string | undefined {
  const typed = text.trim();
  const iso = ISO_DAY.exec(typed);
  const dayFirst = format === 'YYYY-MM-DD' ? null : DAY_FIRST.exec(typed);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (!y || !m || !d) return undefined;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d))
    return undefined;
  return day.toISOString().slice(0, 10);
}
