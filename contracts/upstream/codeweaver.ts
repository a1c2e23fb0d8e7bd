import { z } from 'zod';

/**
 * Contract of the UK finance service 'codeweaver' (part 1 §3 'Finance product', §4, §7).
 * The specification names only the paths and FamilyKey, Term, Deposit, Payment, AnnualMileage;
 * everything else here is designed, in the service's PascalCase. Money is GBP, two decimals.
 *
 *  - `POST /default`: the default quote of every product for one car (the finance card's first view).
 *  - `POST /cfd` ('calculate finance details'): one product with the shopper's figures; the last
 *    slider moved decides `SolveFor`: moving Payment solves the Deposit, anything else the Payment.
 *  - `GET /legal?quoteRef`: the representative-example text of a quote answered before.
 *  - `GET /vehicle/:regNo`: the vehicle the quotes are for.
 * Errors answer `{ message }`; an unknown vehicle or quoteRef is 404.
 */

export const CodeweaverErrorBody = z.object({ message: z.string() });
export type CodeweaverErrorBody = z.infer<typeof CodeweaverErrorBody>;

/** UK plate without spaces, e.g. `AB12CDE`; 2 to 8 letters or digits. */
export const UkRegistrationNumber = z.string().regex(/^[A-Za-z0-9]{2,8}$/, 'expected 2 to 8 letters or digits');
export const FamilyKey = z.enum(['PCP', 'HP']);
export type FamilyKey = z.infer<typeof FamilyKey>;
/** Opaque and URL-safe. */
export const QuoteRef = z.string().regex(/^[A-Za-z0-9_-]{4,200}$/, 'expected a quote reference');

export const FinanceVehicle = z.object({
  RegNo: UkRegistrationNumber,
  CashPrice: z.number().positive().max(1_000_000),
  IsNew: z.boolean(),
  /** Miles. */
  CurrentMileage: z.number().int().min(0).max(1_000_000),
  RegistrationDate: z.iso.date().nullable(),
});
export type FinanceVehicle = z.infer<typeof FinanceVehicle>;

export const Range = z.object({ Min: z.number(), Max: z.number(), Step: z.number() });
export const QuoteLimits = z.object({
  Term: Range,
  Deposit: Range,
  /** Empty for HP (no mileage limit). */
  AnnualMileageOptions: z.array(z.number().int()),
});

export const FinanceQuote = z.object({
  QuoteRef,
  FamilyKey,
  ProductName: z.string(),
  /** Months. */
  Term: z.number().int(),
  Deposit: z.number(),
  /** Monthly payment. */
  Payment: z.number(),
  NumberOfPayments: z.number().int(),
  /** Miles per year; null for HP. */
  AnnualMileage: z.number().int().nullable(),
  /** Pence per mile over the limit; null for HP. */
  ExcessMileageCharge: z.number().nullable(),
  CashPrice: z.number(),
  AmountOfCredit: z.number(),
  /** Percent, e.g. 9.9. */
  Apr: z.number(),
  /** Fixed (flat) rate of interest p.a., percent. */
  InterestRate: z.number(),
  TotalInterest: z.number(),
  /** The guaranteed future value for PCP (fee included); the last regular payment for HP is in Payment. */
  FinalPayment: z.number(),
  OptionToPurchaseFee: z.number(),
  TotalPayable: z.number(),
  Limits: QuoteLimits,
});
export type FinanceQuote = z.infer<typeof FinanceQuote>;

// ---------- POST /default ----------

export const DefaultQuoteRequest = z.object({ Vehicle: FinanceVehicle });
export type DefaultQuoteRequest = z.infer<typeof DefaultQuoteRequest>;
export const DefaultQuoteResponse = z.object({ Quotes: z.array(FinanceQuote) });
export type DefaultQuoteResponse = z.infer<typeof DefaultQuoteResponse>;

// ---------- POST /cfd ----------

export const CalculateQuoteRequest = z
  .object({
    Vehicle: FinanceVehicle,
    FamilyKey,
    Term: z.number().int().min(6).max(120),
    AnnualMileage: z.number().int().min(1000).max(100_000).nullable().optional(),
    SolveFor: z.enum(['Payment', 'Deposit']),
    /** Required when solving for Payment. */
    Deposit: z.number().min(0).optional(),
    /** Required when solving for Deposit. */
    Payment: z.number().positive().optional(),
  })
  .refine((body) => (body.SolveFor === 'Payment' ? body.Deposit !== undefined : body.Payment !== undefined), {
    message: 'SolveFor Payment needs Deposit; SolveFor Deposit needs Payment',
  });
export type CalculateQuoteRequest = z.infer<typeof CalculateQuoteRequest>;
/** Term, Deposit and AnnualMileage are clamped to Limits; `Adjusted` says whether that happened. */
export const CalculateQuoteResponse = z.object({ Quote: FinanceQuote, Adjusted: z.boolean() });
export type CalculateQuoteResponse = z.infer<typeof CalculateQuoteResponse>;

// ---------- GET /legal?quoteRef ----------

export const LegalQuery = z.object({ quoteRef: QuoteRef });
export const LegalResponse = z.object({ QuoteRef, Lender: z.string(), LegalText: z.string() });
export type LegalResponse = z.infer<typeof LegalResponse>;

// ---------- GET /vehicle/:regNo ----------

export const VehiclePathParams = z.object({ regNo: UkRegistrationNumber });
export const VehicleLookupResponse = z.object({
  RegNo: z.string(),
  Make: z.string(),
  Model: z.string(),
  Derivative: z.string(),
  FuelType: z.string(),
  RegistrationDate: z.iso.date(),
  CurrentMileage: z.number().int(),
  /** A guide price; the car page's own price wins when it has one. */
  CashPrice: z.number(),
  IsNew: z.boolean(),
});
export type VehicleLookupResponse = z.infer<typeof VehicleLookupResponse>;
