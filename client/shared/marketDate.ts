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
