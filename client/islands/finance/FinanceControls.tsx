import { useId } from 'react';
import type { FamilyKey, FinanceQuote } from '../../../contracts/upstream/codeweaver.js';
import type { FinanceFormat } from './financeFormat.js';
import {
  DEPOSIT_STEP,
  PAYMENT_STEP,
  TERM_STEP_MONTHS,
  depositBounds,
  paymentBounds,
  snap,
  termBounds,
  type FinanceFigures,
} from './financeRules.js';
import { FinanceSlider } from './FinanceSlider.js';
import { fillText, countText } from '../../../markets/translations/plural.js';
import type { FinanceLabels, FinanceSliderId } from './financeTypes.js';

interface FinanceControlsProps {
  quotes: FinanceQuote[];
  selected: FinanceQuote;
  figures: FinanceFigures;
  labels: FinanceLabels;
  format: FinanceFormat;
  onSelect: (family: FamilyKey) => void;
  onMove: (slider: FinanceSliderId, value: number) => void;
}

/** The product switch (native radios) and the sliders of the chosen product but the payment's (PaymentSlider). */
export function FinanceControls({ quotes, selected, figures, labels, format, onSelect, onMove }: FinanceControlsProps) {
  const name = useId();
  const term = termBounds(selected);
  const deposit = depositBounds(selected);
  const mileages = selected.Limits.AnnualMileageOptions;
  const mileageIndex = Math.max(0, mileages.indexOf(figures.mileage ?? -1));
  return (
    <div className="finance__controls">
      {quotes.length > 1 && (
        <fieldset className="finance__products">
          <legend>{labels.products}</legend>
          {quotes.map((quote) => (
            <label key={quote.FamilyKey} className="finance__product">
              <input
                type="radio"
                name={name}
                value={quote.FamilyKey}
                checked={quote.FamilyKey === selected.FamilyKey}
                onChange={() => onSelect(quote.FamilyKey)}
              />
              <span>{labels.productNames[quote.FamilyKey]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <FinanceSlider
        label={labels.term}
        value={snap(figures.term, term, TERM_STEP_MONTHS)}
        min={term.min}
        max={term.max}
        step={TERM_STEP_MONTHS}
        text={countText(labels.termValue, format.locale, figures.term)}
        onChange={(v) => onMove('term', v)}
      />
      <FinanceSlider
        label={labels.deposit}
        value={snap(figures.deposit, deposit, DEPOSIT_STEP)}
        min={deposit.min}
        max={deposit.max}
        step={DEPOSIT_STEP}
        text={format.money(figures.deposit)}
        onChange={(v) => onMove('deposit', v)}
      />
      {mileages.length > 0 && (
        <FinanceSlider
          label={labels.mileage}
          value={mileageIndex}
          min={0}
          max={mileages.length - 1}
          step={1}
          text={fillText(labels.mileageValue, { miles: format.number(mileages[mileageIndex]!) })}
          onChange={(index) => onMove('mileage', mileages[index]!)}
        />
      )}
    </div>
  );
}

/** The monthly payment: the card's result, and a slider too (moving it solves for the deposit). */
export function PaymentSlider({
  selected,
  figures,
  labels,
  format,
  onMove,
}: Pick<FinanceControlsProps, 'selected' | 'figures' | 'labels' | 'format' | 'onMove'>) {
  const payment = paymentBounds(selected);
  return (
    <FinanceSlider
      label={labels.payment}
      value={snap(figures.payment, payment, PAYMENT_STEP)}
      min={payment.min}
      max={payment.max}
      step={PAYMENT_STEP}
      text={fillText(labels.paymentValue, { amount: format.money(figures.payment) })}
      headline
      onChange={(v) => onMove('payment', v)}
    />
  );
}
