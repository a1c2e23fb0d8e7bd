import type { FinanceQuote } from '../../../contracts/upstream/codeweaver.js';
import type { FinanceFormat } from './financeFormat.js';
import type { FinanceLabels } from './financeTypes.js';
import type { LegalState } from './useFinanceQuotes.js';
import { fillText } from '../../../markets/translations/plural.js';

/** The quote's key figures and the representative example in the service's own wording. */
export function RepresentativeExample({
  quote,
  legal,
  labels,
  format,
}: {
  quote: FinanceQuote;
  legal: LegalState | undefined;
  labels: FinanceLabels;
  format: FinanceFormat;
}) {
  const current = legal?.quoteRef === quote.QuoteRef ? legal.legal : 'loading';
  const row = (label: string, value: string) => (
    <div className="finance__figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="finance__example">
      <h3 className="finance__subtitle">{labels.representativeExample}</h3>
      <dl className="finance__figures">
        {row(labels.apr, format.percent(quote.Apr))}
        {row(labels.amountOfCredit, format.money(quote.AmountOfCredit))}
        {row(
          labels.payments,
          fillText(labels.paymentsValue, { count: quote.NumberOfPayments, amount: format.money(quote.Payment) }),
        )}
        {quote.FinalPayment > 0 && row(labels.finalPayment, format.money(quote.FinalPayment))}
        {row(labels.totalPayable, format.money(quote.TotalPayable))}
      </dl>
      {current === 'loading' && <p className="finance__legal finance__legal--loading">{labels.legalLoading}</p>}
      {current === 'failed' && <p className="finance__legal">{labels.legalUnavailable}</p>}
      {typeof current === 'object' && (
        <>
          <p className="finance__legal">{current.LegalText}</p>
          <p className="finance__lender">{fillText(labels.lender, { lender: current.Lender })}</p>
        </>
      )}
    </div>
  );
}
