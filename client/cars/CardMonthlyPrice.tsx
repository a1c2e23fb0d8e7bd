import type { CarSummary } from '../shared/cars/carSummary.js';
import { formatPayment } from '../shared/cars/formatCar.js';
import { numberFormat } from '../shared/format/intlFormats.js';
import { countText, fillText, type PluralText } from '../../markets/translations/plural.js';

/** The words of a card's monthly price, from the market's dictionary (client/cars/carCardTexts.ts). */
export interface CardMonthlyLabels {
  /** Where the figure comes from (markets/schema.ts `monthlyPrice`). */
  source: 'loanOffer' | 'financeQuote';
  /** 'Månadskostnad', read before the figure. */
  label: string;
  /** '{amount}/mån'. */
  perMonth: string;
  /** The representative example beside a quote's payment (the UK's consumer-credit rules). */
  example?: {
    title: string;
    apr: string;
    term: string;
    termValue: PluralText;
    deposit: string;
    amountOfCredit: string;
    payments: string;
    paymentsValue: string;
    finalPayment: string;
    totalPayable: string;
  };
}

/**
 * A card's monthly price: the private loan offer's payment ('4 690 kr/mån'), or on the UK the finance service's
 * representative quote with its representative example. Nothing when the car has no finance, or its quote is for
 * another price than the card shows.
 */
export function CardMonthlyPrice({
  car,
  labels,
  locale,
}: {
  car: CarSummary;
  labels: CardMonthlyLabels;
  locale: string;
}) {
  const quote = labels.source === 'financeQuote' ? car.quote : undefined;
  const payment =
    labels.source === 'financeQuote' ? quote && quote.cashPrice === car.price && quote.payment : car.monthlyPayment;
  if (typeof payment !== 'number') return null;
  const money = (value: number) => formatPayment(value, car.currency, locale);
  const example = quote && labels.example;
  return (
    <>
      <p className="car-card__monthly">
        <span className="visually-hidden">{labels.label} </span>
        {fillText(labels.perMonth, { amount: money(payment) })}
      </p>
      {quote && example && (
        <p className="car-card__example">
          <span className="car-card__example-title">{example.title}:</span>{' '}
          {[
            `${example.apr} ${numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(quote.apr / 100)}`,
            `${example.term} ${countText(example.termValue, locale, quote.term)}`,
            `${example.deposit} ${money(quote.deposit)}`,
            `${example.amountOfCredit} ${money(quote.amountOfCredit)}`,
            `${example.payments} ${fillText(example.paymentsValue, { count: quote.numberOfPayments, amount: money(quote.payment) })}`,
            ...(quote.finalPayment > 0 ? [`${example.finalPayment} ${money(quote.finalPayment)}`] : []),
            `${example.totalPayable} ${money(quote.totalPayable)}`,
          ].join(', ')}
        </p>
      )}
    </>
  );
}
