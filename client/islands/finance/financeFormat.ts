import { numberFormat } from '../../shared/format/intlFormats.js';
import { formatMarketDate, type MarketDateFormat } from '../../shared/marketDate.js';

export interface FinanceFormat {
  /** The locale counts are read in (`countText`). */
  locale: string;
  /** £245.67, £2,000.00: finance figures always with pence, as the representative example writes them. */
  money: (value: number) => string;
  /** £18,995: the cash price as the page's price shows it (pence only when there are any). */
  price: (value: number) => string;
  number: (value: number) => string;
  percent: (value: number) => string;
  date: (iso: string) => string;
}

/** The market's money, numbers and dates (en-GB and GBP on the UK site, DD/MM/YYYY). */
export function financeFormat(locale: string, currency: string, dateFormat: MarketDateFormat): FinanceFormat {
  const whole = numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  const pence = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const number = numberFormat(locale, { maximumFractionDigits: 0 });
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return {
    locale,
    money: (value) => pence.format(value),
    price: (value) => (Number.isInteger(Math.round(value * 100) / 100) ? whole : pence).format(value),
    number: (value) => number.format(value),
    percent: (value) => percent.format(value / 100),
    date: (iso) => formatMarketDate(iso, dateFormat),
  };
}
