import { z } from 'zod';
import {
  FamilyKey as FamilyKeySchema,
  FinanceVehicle,
  type FamilyKey,
  type FinanceQuote,
  type VehicleLookupResponse,
} from '../../contracts/upstream/codeweaver.js';
import { chance, pickStable } from './deterministic.js';
import { listedCar, plateKey } from './vehicles.js';

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

function ageInYears(vehicle: FinanceVehicle, now: Date): number {
  if (vehicle.IsNew || !vehicle.RegistrationDate) return 0;
  return Math.max(0, (now.getTime() - new Date(vehicle.RegistrationDate).getTime()) / (365.25 * 24 * 3600 * 1000));
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

// ---------- vehicle lookup ----------

export const UNKNOWN_UK_REGISTRATION = 'ZZ99ZZZ';
const UK_MODELS = [
  ['Ford', 'Puma', '1.0 EcoBoost Hybrid ST-Line 5dr', 'Petrol Hybrid', 24000],
  ['Vauxhall', 'Corsa', '1.2 Turbo Design 5dr', 'Petrol', 18500],
  ['Volkswagen', 'Golf', '1.5 TSI Life 5dr', 'Petrol', 27500],
  ['BMW', '3 Series', '320d M Sport 4dr Step Auto', 'Diesel', 39000],
  ['Kia', 'Sportage', '1.6 T-GDi HEV GT-Line 5dr Auto', 'Petrol Hybrid', 34500],
  ['Nissan', 'Qashqai', '1.3 DiG-T MH N-Connecta 5dr', 'Petrol Hybrid', 29000],
  ['Toyota', 'Yaris', '1.5 Hybrid Design 5dr CVT', 'Petrol Hybrid', 22500],
  ['Volvo', 'XC40', 'B3 Plus Dark 5dr Auto', 'Petrol Mild Hybrid', 36500],
] as const;

/** The age identifier of a current-style plate (AB12CDE: March 2012; AB62CDE: September 2012). */
function registrationDateFromPlate(regNo: string, now: Date): string | undefined {
  const match = /^[A-Z]{2}(\d{2})[A-Z]{3}$/.exec(regNo);
  if (!match) return undefined;
  const age = Number(match[1]);
  const [year, month] = age > 50 ? [2000 + age - 50, 9] : [2000 + age, 3];
  const date = `${year}-${String(month).padStart(2, '0')}-01`;
  return age !== 0 && age !== 50 && new Date(date) <= now ? date : undefined;
}

const KM_PER_MILE = 1.609344;

/**
 * The vehicle of a UK plate: a car for sale on the UK site that carries it is that car (the register, vehicles.ts);
 * any other plate is a vehicle derived from the seed and the plate.
 */
export function lookupUkVehicle(seed: number, registration: string, now: Date): VehicleLookupResponse | undefined {
  const regNo = registration.toUpperCase();
  if (regNo === UNKNOWN_UK_REGISTRATION) return undefined;
  const listed = listedCar(seed, now, regNo, ['uk']);
  if (listed)
    return {
      RegNo: plateKey(regNo),
      Make: listed.car_brand,
      Model: listed.car_model,
      Derivative: listed.car_variant,
      FuelType: listed.car_fuel,
      RegistrationDate: listed.car_first_registration ?? `${listed.car_year}-01-01`,
      CurrentMileage: Math.round(listed.car_mileage / KM_PER_MILE),
      CashPrice: listed.car_price,
      IsNew: false,
    };
  const [make, model, derivative, fuel, newPrice] = pickStable(seed, `uk-model:${regNo}`, UK_MODELS);
  const fallbackYear = now.getUTCFullYear() - 1 - Math.floor(chance(seed, `uk-age:${regNo}`) * 8);
  const registrationDate = registrationDateFromPlate(regNo, now) ?? `${fallbackYear}-06-01`;
  const years = Math.max(0.2, (now.getTime() - new Date(registrationDate).getTime()) / (365.25 * 24 * 3600 * 1000));
  const cashPrice = Math.round((newPrice * Math.max(0.2, 0.85 ** years)) / 50) * 50 - 1;
  return {
    RegNo: regNo,
    Make: make,
    Model: model,
    Derivative: derivative,
    FuelType: fuel,
    RegistrationDate: registrationDate,
    CurrentMileage: Math.round((years * (6000 + chance(seed, `uk-mileage:${regNo}`) * 6000)) / 10) * 10,
    CashPrice: cashPrice,
    IsNew: false,
  };
}
