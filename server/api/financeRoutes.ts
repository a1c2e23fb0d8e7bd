import { Router } from 'express';
import { callContextOf } from '../http/callContext.js';
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

const finance = { tag: 'finance', feature: 'finance' } as const;
const EXAMPLE_VEHICLE = {
  RegNo: 'AB19CDE',
  CashPrice: 18_995,
  IsNew: false,
  CurrentMileage: 21_000,
  RegistrationDate: '2019-03-01',
};

export const financeOperations = {
  defaultQuotes: operation({
    ...finance,
    method: 'post',
    path: '/codeweaver/default',
    summary: 'Default quote of every finance product for one car',
    body: DefaultQuoteRequest,
    response: { schema: DefaultQuoteResponse },
    example: () => ({ market: 'uk', body: { Vehicle: EXAMPLE_VEHICLE } }),
  }),
  calculate: operation({
    ...finance,
    method: 'post',
    path: '/codeweaver/cfd',
    summary: "One product with the shopper's figures (SolveFor Payment or Deposit)",
    body: CalculateQuoteRequest,
    response: { schema: CalculateQuoteResponse },
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
    query: LegalQuery,
    response: { schema: LegalResponse },
    example: () => ({ market: 'uk', query: { quoteRef: 'QUOTE-EXAMPLE' } }),
  }),
  vehicle: operation({
    ...finance,
    method: 'get',
    path: '/codeweaver/vehicle/{regNo}',
    summary: 'The vehicle the quotes are for (UK plate)',
    params: VehiclePathParams,
    response: { schema: VehicleLookupResponse },
    example: () => ({ market: 'uk', params: { regNo: 'AB19CDE' } }),
  }),
};

/** `/api/codeweaver/...`: the UK finance service, relayed in its own PascalCase shapes. */
export function financeRoutes(codeweaver: CodeweaverClient): Router {
  const router = Router();
  const ops = financeOperations;
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
