import type { Market } from '../../../markets/schema.js';

/** An ISO date (YYYY-MM-DD…) in the market's own format: DD/MM/YYYY on the UK site, D.M.YYYY in Finland... */
export function formatMarketDate(iso: string, format: Market['dateFormat']): string {
  const [year, month, day] = iso.slice(0, 10).split('-') as [string, string, string];
  switch (format) {
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'DD.MM.YYYY':
      return `${day}.${month}.${year}`;
    case 'D.M.YYYY':
      return `${Number(day)}.${Number(month)}.${year}`;
    case 'D. M. YYYY':
      return `${Number(day)}. ${Number(month)}. ${year}`;
    default:
      return `${year}-${month}-${day}`;
  }
}
