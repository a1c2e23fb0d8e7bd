/**
 * A car's representative finance quote as its card shows it (the UK, `monthlyPrice: 'financeQuote'`): the monthly
 * payment and the representative example the UK's consumer-credit rules want beside any payment a page shows.
 * The BFF asks the finance service once per car and price and keeps it (server/catalogue/cardQuotes.ts).
 */
export interface CardQuote {
  /** The cash price the quote is for: a card whose price changed shows no stale quote. */
  cashPrice: number;
  product: 'PCP' | 'HP';
  /** Months. */
  term: number;
  deposit: number;
  payment: number;
  numberOfPayments: number;
  /** 0 for HP. */
  finalPayment: number;
  amountOfCredit: number;
  totalPayable: number;
  /** Representative APR, percent. */
  apr: number;
}
