import { Router } from 'express';
import { callContextOf } from '../upstream/callContext.js';
import type { CodeweaverClient } from '../upstream/codeweaverClient.js';
import {
  CalculateQuoteRequest,
  CalculateQuoteResponse,
  DefaultQuoteRequest,
  DefaultQuoteResponse,
  LegalQuery,
  LegalResponse,
  VehicleLookupResponse,
  VehiclePathParams,
} from '../../contracts/upstream/codeweaver.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';
import { z } from 'zod';
import { CardQuoteSchema, type CardQuotes } from '../catalogue/cardQuotes.js';

const finance = { tag: 'finance', feature: 'finance' } as const;
const EXAMPLE_VEHICLE = {
  RegNo: 'AB19CDE',
  CashPrice: 18_995,
  IsNew: false,
  CurrentMileage: 21_000,
  RegistrationDate: '2019-03-01',
};
/** The sandbox's PCP quote of EXAMPLE_VEHICLE: its QuoteRef is what /codeweaver/legal takes. */
const EXAMPLE_QUOTE = {
  QuoteRef: 'Q1-WyJQQ1AiLDQ4LDIwMDAsMTAwMDAsIkFCMTlDREUiLDE4OTk1LGZhbHNlLDIxMDAwLCIyMDE5LTAzLTAxIl0',
  FamilyKey: 'PCP',
  ProductName: 'Personal Contract Purchase',
  Term: 48,
  Deposit: 2000,
  Payment: 394.33,
  NumberOfPayments: 47,
  AnnualMileage: 10000,
  ExcessMileageCharge: 8,
  CashPrice: 18995,
  AmountOfCredit: 16995,
  Apr: 9.9,
  InterestRate: 5.63,
  TotalInterest: 3827.91,
  FinalPayment: 2289.4,
  OptionToPurchaseFee: 10,
  TotalPayable: 22822.91,
  Limits: {
    Term: { Min: 24, Max: 48, Step: 12 },
    Deposit: { Min: 0, Max: 9000, Step: 1000 },
    AnnualMileageOptions: [5000, 8000, 10000, 12000, 15000, 20000, 25000, 30000],
  },
};

/** The UK car list's cards, as the island asks for their quotes: a car id and the price its card shows. */
const CardQuotesRequest = z.strictObject({
  cars: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'expected a car id'),
        price: z.number().positive().max(10_000_000),
      }),
    )
    .min(1)
    .max(96),
});
const CardQuotesResponse = z.object({ quotes: z.record(z.string(), CardQuoteSchema) });

export const financeOperations = {
  cardQuotes: operation({
    ...finance,
    method: 'post',
    path: '/codeweaver/card-quotes',
    summary: "The representative quotes of the car list's cards",
    description:
      "The representative quote (the finance service's first default quote, with its representative example figures) of each car at the price its card shows, by car id: " +
      'made once per car and price and kept, so a card never costs a call to the finance service. A car whose price is no longer the one given, or that the service cannot quote now, is left out (its card shows the cash price). At most 96 cars.',
    body: CardQuotesRequest,
    response: {
      schema: CardQuotesResponse,
      example: {
        quotes: {
          '600669': {
            cashPrice: 18995,
            product: 'PCP',
            term: 48,
            deposit: 2000,
            payment: 394.33,
            numberOfPayments: 47,
            finalPayment: 2289.4,
            amountOfCredit: 16995,
            totalPayable: 22822.91,
            apr: 9.9,
          },
        },
      },
    },
    // A car id no search has asked for yet, so the example reaches the search service every time.
    example: () => ({
      market: 'uk',
      body: { cars: [{ id: `9${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 18), price: 18_995 }] },
    }),
  }),
  defaultQuotes: operation({
    ...finance,
    method: 'post',
    path: '/codeweaver/default',
    summary: 'Default quote of every finance product for one car',
    description:
      "The lender's default quote of each finance product (PCP, HP) for the car's price, age and mileage: what the car page's calculator shows first. " +
      'Each quote carries its Limits (term, deposit, annual mileage) and a QuoteRef for /api/codeweaver/legal.',
    body: DefaultQuoteRequest,
    response: { schema: DefaultQuoteResponse, example: { Quotes: [EXAMPLE_QUOTE] } },
    example: () => ({ market: 'uk', body: { Vehicle: EXAMPLE_VEHICLE } }),
  }),
  calculate: operation({
    ...finance,
    method: 'post',
    path: '/codeweaver/cfd',
    summary: "One product with the shopper's figures",
    description:
      "One finance product (FamilyKey) recalculated with the shopper's term, annual mileage and deposit (SolveFor Payment) or monthly payment (SolveFor Deposit). " +
      'Figures outside the product limits are moved inside them, and Adjusted says so.',
    body: CalculateQuoteRequest,
    response: {
      schema: CalculateQuoteResponse,
      example: {
        Quote: {
          ...EXAMPLE_QUOTE,
          QuoteRef: 'Q1-WyJQQ1AiLDM2LDIwMDAsMTAwMDAsIkFCMTlDREUiLDE4OTk1LGZhbHNlLDIxMDAwLCIyMDE5LTAzLTAxIl0',
          Term: 36,
          Payment: 501.32,
          NumberOfPayments: 35,
          InterestRate: 5.57,
          TotalInterest: 2840.6,
          TotalPayable: 21835.6,
        },
        Adjusted: false,
      },
    },
    example: () => ({
      market: 'uk',
      body: {
        Vehicle: EXAMPLE_VEHICLE,
        FamilyKey: 'PCP',
        Term: 36,
        AnnualMileage: 10_000,
        SolveFor: 'Payment',
        Deposit: 2_000,
      },
    }),
  }),
  legal: operation({
    ...finance,
    method: 'get',
    path: '/codeweaver/legal',
    summary: 'Representative example of a quote answered before',
    description:
      'The lender and the representative example text (FCA wording) of a quote, by the QuoteRef of a /default or /cfd answer; 404 for a reference the lender does not know.',
    query: LegalQuery,
    response: {
      schema: LegalResponse,
      example: {
        QuoteRef: EXAMPLE_QUOTE.QuoteRef,
        Lender: 'Sandbox Motor Finance Ltd',
        LegalText:
          'Representative example (Personal Contract Purchase): cash price £18,995.00, deposit £2,000.00, total amount of credit £16,995.00. 47 monthly payments of £394.33. …',
      },
    },
    example: () => ({ market: 'uk', query: { quoteRef: EXAMPLE_QUOTE.QuoteRef } }),
  }),
  vehicle: operation({
    ...finance,
    method: 'get',
    path: '/codeweaver/vehicle/{regNo}',
    summary: 'The vehicle of a UK registration',
    description:
      'Make, model, derivative, registration date, mileage and cash price of a UK plate: the vehicle the quotes are for.',
    params: VehiclePathParams,
    response: {
      schema: VehicleLookupResponse,
      example: {
        RegNo: 'AB19CDE',
        Make: 'Volkswagen',
        Model: 'Golf',
        Derivative: '1.5 TSI Life 5dr',
        FuelType: 'Petrol',
        RegistrationDate: '2019-03-01',
        CurrentMileage: 60160,
        CashPrice: 7799,
        IsNew: false,
      },
    },
    example: () => ({ market: 'uk', params: { regNo: 'AB19CDE' } }),
  }),
};

/** `/api/codeweaver/...`: the UK finance service, relayed in its own PascalCase shapes. */
export function financeRoutes(codeweaver: CodeweaverClient, cardQuotes: CardQuotes): Router {
  const router = Router();
  const ops = financeOperations;
  addRoute(router, ops.cardQuotes, async (req, res) => {
    const { body } = parseRequest(ops.cardQuotes, req);
    const quotes = await cardQuotes.of(res.locals.market, body.cars, callContextOf(req, res));
    res.json({ quotes: Object.fromEntries(quotes) });
  });
  addRoute(router, ops.defaultQuotes, async (req, res) => {
    const { body } = parseRequest(ops.defaultQuotes, req);
    res.json(await codeweaver.defaultQuotes(body, callContextOf(req, res)));
  });
  addRoute(router, ops.calculate, async (req, res) => {
    const { body } = parseRequest(ops.calculate, req);
    res.json(await codeweaver.calculate(body, callContextOf(req, res)));
  });
  addRoute(router, ops.legal, async (req, res) => {
    const { query } = parseRequest(ops.legal, req);
    res.json(await codeweaver.legal(query.quoteRef, callContextOf(req, res)));
  });
  addRoute(router, ops.vehicle, async (req, res) => {
    const { params } = parseRequest(ops.vehicle, req);
    res.json(await codeweaver.vehicle(params.regNo.toUpperCase(), callContextOf(req, res)));
  });
  return router;
}
