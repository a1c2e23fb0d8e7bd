import type { CalculateQuoteRequest, FinanceQuote, FinanceVehicle } from '../../../contracts/upstream/codeweaver.js';
import type { FinanceSliderId } from './financeTypes.js';

/** Part 1 §9: the term moves in whole years, the deposit in thousands. */
export const TERM_STEP_MONTHS = 12;
export const DEPOSIT_STEP = 1000;
/** The payment slider moves in £10 steps: finer than a shopper can aim, coarse enough for the keyboard. */
export const PAYMENT_STEP = 10;
/** A drag sends one request after it rests this long; the one before is aborted. */
export const QUOTE_DEBOUNCE_MS = 400;

/** What the sliders show: the shopper's figures while a quote is on its way, the quote's otherwise. */
export interface FinanceFigures {
  term: number;
  deposit: number;
  /** Miles a year; null for a product without a mileage limit (HP). */
  mileage: number | null;
  payment: number;
}

export function figuresOf(quote: FinanceQuote): FinanceFigures {
  return { term: quote.Term, deposit: quote.Deposit, mileage: quote.AnnualMileage, payment: quote.Payment };
}

/** Terms the product allows, in 12-month steps inside its limits. */
export function termBounds(quote: FinanceQuote): { min: number; max: number } {
  const { Min, Max } = quote.Limits.Term;
  const min = Math.ceil(Min / TERM_STEP_MONTHS) * TERM_STEP_MONTHS;
  return { min, max: Math.max(min, Math.floor(Max / TERM_STEP_MONTHS) * TERM_STEP_MONTHS) };
}

export function depositBounds(quote: FinanceQuote): { min: number; max: number } {
  const { Min, Max } = quote.Limits.Deposit;
  const min = Math.ceil(Min / DEPOSIT_STEP) * DEPOSIT_STEP;
  return { min, max: Math.max(min, Math.floor(Max / DEPOSIT_STEP) * DEPOSIT_STEP) };
}

/**
 * The monthly payments the deposit limits allow, for the quote's term and mileage. A pound more of
 * deposit is a pound less of credit, repaid over the quote's payments at its APR (an annuity), so the
 * payment falls by 1/annuity per pound; the service has the last word (it clamps and says Adjusted).
 */
export function paymentBounds(quote: FinanceQuote): { min: number; max: number } {
  const deposit = depositBounds(quote);
  const monthly = (1 + quote.Apr / 100) ** (1 / 12) - 1;
  const n = Math.max(1, quote.NumberOfPayments);
  const annuity = monthly > 0 ? (1 - (1 + monthly) ** -n) / monthly : n;
  const at = (d: number) => Math.max(0, quote.Payment + (quote.Deposit - d) / annuity);
  const min = Math.ceil(at(deposit.max) / PAYMENT_STEP) * PAYMENT_STEP;
  const max = Math.floor(at(deposit.min) / PAYMENT_STEP) * PAYMENT_STEP;
  return { min: Math.max(PAYMENT_STEP, min), max: Math.max(PAYMENT_STEP, min, max) };
}

/** The nearest value on a slider's steps, inside its bounds. */
export function snap(value: number, bounds: { min: number; max: number }, step: number): number {
  const stepped = bounds.min + Math.round((value - bounds.min) / step) * step;
  return Math.min(bounds.max, Math.max(bounds.min, stepped));
}

/**
 * The `/cfd` request for the shopper's figures. The slider moved last decides the solve target:
 * the payment solves for the deposit; the term, deposit or mileage solve for the payment.
 */
export function quoteRequest(
  vehicle: FinanceVehicle,
  quote: FinanceQuote,
  figures: FinanceFigures,
  moved: FinanceSliderId,
): CalculateQuoteRequest {
  const base = {
    Vehicle: vehicle,
    FamilyKey: quote.FamilyKey,
    Term: figures.term,
    AnnualMileage: quote.Limits.AnnualMileageOptions.length > 0 ? figures.mileage : null,
  };
  return moved === 'payment'
    ? { ...base, SolveFor: 'Deposit', Payment: figures.payment }
    : { ...base, SolveFor: 'Payment', Deposit: figures.deposit };
}
