import type { FinanceQuote, FinanceVehicle } from '../../contracts/upstream/codeweaver.js';
import {
  depositBounds,
  paymentBounds,
  quoteRequest,
  snap,
  termBounds,
} from '../../client/islands/finance/financeRules.js';

const vehicle: FinanceVehicle = {
  RegNo: 'AB19CDE',
  CashPrice: 20_000,
  IsNew: false,
  CurrentMileage: 20_000,
  RegistrationDate: '2019-03-01',
};
const quote: FinanceQuote = {
  QuoteRef: 'Q1-test',
  FamilyKey: 'HP',
  ProductName: 'Hire Purchase',
  Term: 48,
  Deposit: 2000,
  Payment: 461.12,
  NumberOfPayments: 48,
  AnnualMileage: null,
  ExcessMileageCharge: null,
  CashPrice: 20_000,
  AmountOfCredit: 18_000,
  Apr: 10.9,
  InterestRate: 5.6,
  TotalInterest: 4143.76,
  FinalPayment: 0,
  OptionToPurchaseFee: 10,
  TotalPayable: 24_143.76,
  Limits: {
    Term: { Min: 12, Max: 60, Step: 12 },
    Deposit: { Min: 0, Max: 10_000, Step: 1000 },
    AnnualMileageOptions: [],
  },
};
const figures = { term: 36, deposit: 3000, mileage: null, payment: 500 };

describe('finance card rules', () => {
  it('solves for the payment when the term, deposit or mileage moved last, and for the deposit when the payment did', () => {
    for (const moved of ['term', 'deposit', 'mileage'] as const) {
      expect(quoteRequest(vehicle, quote, figures, moved)).toEqual({
        Vehicle: vehicle,
        FamilyKey: 'HP',
        Term: 36,
        AnnualMileage: null,
        SolveFor: 'Payment',
        Deposit: 3000,
      });
    }
    expect(quoteRequest(vehicle, quote, figures, 'payment')).toEqual({
      Vehicle: vehicle,
      FamilyKey: 'HP',
      Term: 36,
      AnnualMileage: null,
      SolveFor: 'Deposit',
      Payment: 500,
    });
  });

  it('sends the annual mileage only for a product that has mileage options', () => {
    const pcp = {
      ...quote,
      FamilyKey: 'PCP' as const,
      Limits: { ...quote.Limits, AnnualMileageOptions: [8000, 10000] },
    };
    expect(quoteRequest(vehicle, pcp, { ...figures, mileage: 8000 }, 'mileage')).toMatchObject({
      FamilyKey: 'PCP',
      AnnualMileage: 8000,
    });
  });

  it('steps the term by 12 months and the deposit by 1000 inside the product’s limits', () => {
    expect(termBounds({ ...quote, Limits: { ...quote.Limits, Term: { Min: 18, Max: 50, Step: 6 } } })).toEqual({
      min: 24,
      max: 48,
    });
    expect(
      depositBounds({ ...quote, Limits: { ...quote.Limits, Deposit: { Min: 0, Max: 9_500, Step: 500 } } }),
    ).toEqual({ min: 0, max: 9000 });
    expect(snap(3456.78, { min: 0, max: 10_000 }, 1000)).toBe(3000);
    expect(snap(70, { min: 12, max: 60 }, 12)).toBe(60);
  });

  it('spans the payment slider from the payment at the largest deposit to the one at no deposit, in £10 steps', () => {
    const { min, max } = paymentBounds(quote);
    // HP over 48 payments at 10.9% APR: £2,000 less deposit is about £51 a month more.
    expect(max).toBeGreaterThan(505);
    expect(max).toBeLessThan(520);
    expect(min).toBeGreaterThan(250);
    expect(min).toBeLessThan(265);
    expect(min % 10).toBe(0);
    expect(max % 10).toBe(0);
  });
});
