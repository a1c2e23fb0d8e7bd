import { z } from 'zod';
import {
  FamilyKey as FamilyKeySchema,
  FinanceVehicle,
  type FamilyKey,
  type FinanceQuote,
} from '../../contracts/upstream/codeweaver.js';

/**
 * UK finance maths: PCP (with a guaranteed future value) and HP, monthly payments from the APR
 * as an annuity, a £10 option-to-purchase fee. Believable, not regulatory-grade.
 */

const OPTION_TO_PURCHASE_FEE = 10;
const PCP_MILEAGE_OPTIONS = [5000, 8000, 10000, 12000, 15000, 20000, 25000, 30000];
const PRODUCTS: Record<
  FamilyKey,
  { name: string; termMin: number; termMax: number; defaultTerm: number; aprNew: number; aprUsed: number }
> = {
  PCP: { name: 'Personal Contract Purchase', termMin: 24, termMax: 48, defaultTerm: 48, aprNew: 6.9, aprUsed: 9.9 },
  HP: { name: 'Hire Purchase', termMin: 12, termMax: 60, defaultTerm: 48, aprNew: 7.9, aprUsed: 10.9 },
};
export const FAMILY_KEYS = Object.keys(PRODUCTS) as FamilyKey[];

export interface QuoteInput {
  FamilyKey: FamilyKey;
  Term: number;
  Deposit: number;
  AnnualMileage: number | null;
  Vehicle: FinanceVehicle;
}

const money = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function limitsFor(family: FamilyKey, cashPrice: number): FinanceQuote['Limits'] {
  const product = PRODUCTS[family];
  return {
    Term: { Min: product.termMin, Max: product.termMax, Step: 12 },
    Deposit: { Min: 0, Max: Math.floor((cashPrice * 0.5) / 1000) * 1000, Step: 1000 },
    AnnualMileageOptions: family === 'PCP' ? PCP_MILEAGE_OPTIONS : [],
  };
}

/**
 * The lender sets future values once a month: a car's age counts to the first of the month, so a quote holds all
 * month, and the stock feed's figure (car_monthly_payment, taken when the month's data was built) is the quote's.
 */
function ageInYears(vehicle: FinanceVehicle, now: Date): number {
  if (vehicle.IsNew || !vehicle.RegistrationDate) return 0;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return Math.max(0, (monthStart - new Date(vehicle.RegistrationDate).getTime()) / (365.25 * 24 * 3600 * 1000));
}

/** Share of the cash price the car is guaranteed to be worth at the end of a PCP. */
function residualShare(vehicle: FinanceVehicle, term: number, annualMileage: number, now: Date): number {
  const share =
    0.58 -
    0.05 * ageInYears(vehicle, now) -
    0.07 * ((term - 24) / 12) -
    0.012 * ((annualMileage - 10000) / 1000) -
    vehicle.CurrentMileage / 1_000_000;
  return clamp(share, 0.12, 0.6);
}

/** Clamps the figures to the product's limits; `adjusted` says whether anything moved. */
export function normaliseInput(input: QuoteInput): { input: QuoteInput; adjusted: boolean } {
  const limits = limitsFor(input.FamilyKey, input.Vehicle.CashPrice);
  const term = clamp(Math.round(input.Term / 12) * 12, limits.Term.Min, limits.Term.Max);
  const deposit = money(clamp(input.Deposit, limits.Deposit.Min, limits.Deposit.Max));
  const mileage =
    input.FamilyKey === 'PCP'
      ? limits.AnnualMileageOptions.reduce((best, option) =>
          Math.abs(option - (input.AnnualMileage ?? 10000)) < Math.abs(best - (input.AnnualMileage ?? 10000))
            ? option
            : best,
        )
      : null;
  const adjusted =
    term !== input.Term || deposit !== input.Deposit || (input.FamilyKey === 'PCP' && mileage !== input.AnnualMileage);
  return { input: { ...input, Term: term, Deposit: deposit, AnnualMileage: mileage }, adjusted };
}

export function defaultInput(family: FamilyKey, vehicle: FinanceVehicle): QuoteInput {
  const deposit = Math.round((vehicle.CashPrice * 0.1) / 1000) * 1000;
  return {
    FamilyKey: family,
    Term: PRODUCTS[family].defaultTerm,
    Deposit: deposit,
    AnnualMileage: family === 'PCP' ? 10000 : null,
    Vehicle: vehicle,
  };
}

function monthlyRate(family: FamilyKey, vehicle: FinanceVehicle): { apr: number; rate: number } {
  const apr = vehicle.IsNew ? PRODUCTS[family].aprNew : PRODUCTS[family].aprUsed;
  return { apr, rate: (1 + apr / 100) ** (1 / 12) - 1 };
}

/** PCP: Term-1 payments then the final payment; HP: Term payments, the fee with the last. */
function schedule(input: QuoteInput, now: Date) {
  const { rate } = monthlyRate(input.FamilyKey, input.Vehicle);
  const payments = input.FamilyKey === 'PCP' ? input.Term - 1 : input.Term;
  const balloon =
    input.FamilyKey === 'PCP'
      ? money(input.Vehicle.CashPrice * residualShare(input.Vehicle, input.Term, input.AnnualMileage ?? 10000, now))
      : 0;
  const discount = (months: number) => (1 + rate) ** -months;
  const annuity = (1 - discount(payments)) / rate;
  return { payments, balloon, presentBalloon: balloon * discount(input.Term), annuity };
}

/** The deposit that makes the monthly payment `payment` (the shopper moved the Payment slider). */
export function depositForPayment(input: QuoteInput, payment: number, now: Date): number {
  const { presentBalloon, annuity } = schedule(input, now);
  return money(input.Vehicle.CashPrice - (payment * annuity + presentBalloon));
}

/** The quote `/default` answers first: PCP at the service's default terms, the figure a card shows. */
export function representativeQuote(vehicle: FinanceVehicle, now: Date): FinanceQuote {
  return calculateQuote(normaliseInput(defaultInput('PCP', vehicle)).input, now);
}

export function calculateQuote(input: QuoteInput, now: Date): FinanceQuote {
  const { apr } = monthlyRate(input.FamilyKey, input.Vehicle);
  const { payments, balloon, presentBalloon, annuity } = schedule(input, now);
  const credit = money(input.Vehicle.CashPrice - input.Deposit);
  const payment = money(Math.max(0, (credit - presentBalloon) / annuity));
  const finalPayment = input.FamilyKey === 'PCP' ? money(balloon + OPTION_TO_PURCHASE_FEE) : 0;
  const totalPayable = money(
    input.Deposit + payment * payments + finalPayment + (input.FamilyKey === 'HP' ? OPTION_TO_PURCHASE_FEE : 0),
  );
  const totalInterest = money(totalPayable - input.Vehicle.CashPrice);
  return {
    QuoteRef: encodeQuoteRef(input),
    FamilyKey: input.FamilyKey,
    ProductName: PRODUCTS[input.FamilyKey].name,
    Term: input.Term,
    Deposit: input.Deposit,
    Payment: payment,
    NumberOfPayments: payments,
    AnnualMileage: input.AnnualMileage,
    ExcessMileageCharge: input.FamilyKey === 'PCP' ? (input.Vehicle.CashPrice > 40000 ? 12 : 8) : null,
    CashPrice: input.Vehicle.CashPrice,
    AmountOfCredit: credit,
    Apr: apr,
    InterestRate: credit > 0 ? money((totalInterest / credit / (input.Term / 12)) * 100) : 0,
    TotalInterest: totalInterest,
    FinalPayment: finalPayment,
    OptionToPurchaseFee: OPTION_TO_PURCHASE_FEE,
    TotalPayable: totalPayable,
    Limits: limitsFor(input.FamilyKey, input.Vehicle.CashPrice),
  };
}

/** The quote's inputs travel in its reference, so legal text works on any sandbox instance. */
export function encodeQuoteRef(input: QuoteInput): string {
  const v = input.Vehicle;
  const packed = [
    input.FamilyKey,
    input.Term,
    input.Deposit,
    input.AnnualMileage,
    v.RegNo,
    v.CashPrice,
    v.IsNew,
    v.CurrentMileage,
    v.RegistrationDate,
  ];
  return `Q1-${Buffer.from(JSON.stringify(packed)).toString('base64url')}`;
}

const PackedQuoteInput = z.tuple([
  FamilyKeySchema,
  z.number().int().min(1).max(120),
  z.number().min(0),
  z.number().int().nullable(),
  FinanceVehicle.shape.RegNo,
  FinanceVehicle.shape.CashPrice,
  z.boolean(),
  FinanceVehicle.shape.CurrentMileage,
  FinanceVehicle.shape.RegistrationDate,
]);

/** Undefined for a reference this service never issued (or one tampered with). */
export function decodeQuoteRef(ref: string): QuoteInput | undefined {
  try {
    const parsed = PackedQuoteInput.safeParse(
      JSON.parse(Buffer.from(ref.replace(/^Q1-/, ''), 'base64url').toString('utf8')),
    );
    if (!ref.startsWith('Q1-') || !parsed.success) return undefined;
    const [FamilyKey, Term, Deposit, AnnualMileage, RegNo, CashPrice, IsNew, CurrentMileage, RegistrationDate] =
      parsed.data;
    return {
      FamilyKey,
      Term,
      Deposit,
      AnnualMileage,
      Vehicle: { RegNo, CashPrice, IsNew, CurrentMileage, RegistrationDate },
    };
  } catch {
    return undefined;
  }
}

const pounds = (value: number) =>
  `£${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function legalText(quote: FinanceQuote): string {
  const mileage =
    quote.AnnualMileage === null
      ? ''
      : ` Based on ${quote.AnnualMileage.toLocaleString('en-GB')} miles per annum; excess mileage charge ${String(quote.ExcessMileageCharge)}p per mile.`;
  const final =
    quote.FamilyKey === 'PCP'
      ? ` Optional final payment ${pounds(quote.FinalPayment)} (includes the ${pounds(quote.OptionToPurchaseFee)} option to purchase fee).`
      : ` An option to purchase fee of ${pounds(quote.OptionToPurchaseFee)} is payable with the last payment.`;
  return (
    `Representative example (${quote.ProductName}): cash price ${pounds(quote.CashPrice)}, deposit ${pounds(quote.Deposit)}, total amount of credit ${pounds(quote.AmountOfCredit)}. ` +
    `${quote.NumberOfPayments} monthly payments of ${pounds(quote.Payment)}.${final} Total amount payable ${pounds(quote.TotalPayable)} over ${quote.Term} months. ` +
    `Representative ${quote.Apr}% APR. Fixed rate of interest ${quote.InterestRate}% p.a.${mileage} ` +
    'Finance subject to status. Over 18s and UK residents only. Guarantees and indemnities may be required. Sandbox Motor Finance Ltd is authorised and regulated by the Financial Conduct Authority (sandbox data).'
  );
}
