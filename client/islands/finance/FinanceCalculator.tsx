import { useId, useMemo } from 'react';
import { financeFormat } from './financeFormat.js';
import { FinanceControls, PaymentSlider } from './FinanceControls.js';
import type { FinanceProps } from './financeTypes.js';
import { FinanceUnavailable } from './FinanceUnavailable.js';
import { RepresentativeExample } from './RepresentativeExample.js';
import { useFinanceQuotes } from './useFinanceQuotes.js';
import { fillText } from '../../../markets/translations/plural.js';

/**
 * The UK finance card (part 1 §4): loading (what the server renders, with the cash price and room
 * for the figures so nothing jumps), unavailable (the apology) or loaded (product switch, sliders,
 * the monthly payment with its slider, and the representative example).
 */
export function FinanceCalculator({ vehicle, locale, currency, dateFormat, contact, labels }: FinanceProps) {
  const headingId = useId();
  const format = useMemo(() => financeFormat(locale, currency, dateFormat), [locale, currency, dateFormat]);
  const finance = useFinanceQuotes(vehicle);
  const { status, selected, figures } = finance;
  return (
    <section
      className={`car-detail__section finance finance--${status}`}
      aria-labelledby={headingId}
      aria-busy={status === 'loading'}
    >
      <h2 id={headingId}>{labels.title}</h2>
      <p className="finance__cash">
        {labels.cashPrice} <strong>{format.price(vehicle.CashPrice)}</strong>
      </p>
      {status === 'loading' && (
        <>
          <p className="finance__loading" role="status">
            {labels.loading}
          </p>
          <noscript>
            <FinanceUnavailable contact={contact} labels={labels} />
          </noscript>
        </>
      )}
      <div role="status" className="finance__announce">
        {status === 'unavailable' && <FinanceUnavailable contact={contact} labels={labels} />}
      </div>
      {status === 'loaded' && selected && figures && (
        <div className="finance__body">
          <FinanceControls
            quotes={finance.quotes}
            selected={selected}
            figures={figures}
            labels={labels}
            format={format}
            onSelect={finance.select}
            onMove={finance.move}
          />
          <div className="finance__result" aria-live="polite" aria-busy={finance.updating}>
            <PaymentSlider
              selected={selected}
              figures={figures}
              labels={labels}
              format={format}
              onMove={finance.move}
            />
            {finance.updating && <p className="finance__note">{labels.updating}</p>}
            {finance.updateFailed && <p className="finance__note finance__note--error">{labels.updateFailed}</p>}
            {finance.adjusted && !finance.updating && <p className="finance__note">{labels.adjusted}</p>}
          </div>
          <RepresentativeExample quote={selected} legal={finance.legal} labels={labels} format={format} />
          <p className="finance__date">
            {fillText(labels.figuresDate, { date: format.date(new Date().toISOString()) })}
          </p>
        </div>
      )}
    </section>
  );
}
