import express, { type Router } from 'express';
import {
  CalculateQuoteRequest,
  DefaultQuoteRequest,
  LegalQuery,
  VehiclePathParams,
  type CalculateQuoteResponse,
  type CodeweaverErrorBody,
  type DefaultQuoteResponse,
  type LegalResponse,
  type VehicleLookupResponse,
} from '../../contracts/upstream/codeweaver.js';
import type { SandboxContext } from '../context.js';
import {
  FAMILY_KEYS,
  calculateQuote,
  decodeQuoteRef,
  defaultInput,
  depositForPayment,
  legalText,
  normaliseInput,
} from '../data/codeweaverQuotes.js';
import { lookupUkVehicle } from '../data/codeweaver.js';
import { parseInput } from './parseInput.js';

/** The UK finance service: default quotes, quotes from the shopper's figures, legal text and vehicle lookup. */
export function codeweaverService(ctx: SandboxContext): Router {
  const router = express.Router();
  const badRequest = (summary: string): CodeweaverErrorBody => ({ message: `Invalid request: ${summary}` });

  router.post('/default', (req, res) => {
    const body = parseInput(DefaultQuoteRequest, req.body);
    if (!body.ok) return void res.status(400).json(badRequest(body.summary));
    const Quotes = FAMILY_KEYS.map((family) =>
      calculateQuote(normaliseInput(defaultInput(family, body.data.Vehicle)).input, ctx.now()),
    );
    res.json({ Quotes } satisfies DefaultQuoteResponse);
  });

  router.post('/cfd', (req, res) => {
    const body = parseInput(CalculateQuoteRequest, req.body);
    if (!body.ok) return void res.status(400).json(badRequest(body.summary));
    const request = body.data;
    const base = {
      FamilyKey: request.FamilyKey,
      Term: request.Term,
      AnnualMileage: request.AnnualMileage ?? null,
      Vehicle: request.Vehicle,
    };
    // Solving for the deposit: the term and mileage fix the shape, the payment decides the deposit.
    const deposit =
      request.SolveFor === 'Deposit'
        ? depositForPayment(normaliseInput({ ...base, Deposit: 0 }).input, request.Payment!, ctx.now())
        : request.Deposit!;
    const normalised = normaliseInput({ ...base, Deposit: deposit });
    const adjusted =
      request.SolveFor === 'Deposit'
        ? normalised.input.Deposit !== deposit || normalised.input.Term !== request.Term
        : normalised.adjusted;
    res.json({
      Quote: calculateQuote(normalised.input, ctx.now()),
      Adjusted: adjusted,
    } satisfies CalculateQuoteResponse);
  });

  router.get('/legal', (req, res) => {
    const query = parseInput(LegalQuery, req.query);
    if (!query.ok) return void res.status(400).json(badRequest(query.summary));
    const input = decodeQuoteRef(query.data.quoteRef);
    if (!input) {
      return void res.status(404).json({ message: 'Quote not found' } satisfies CodeweaverErrorBody);
    }
    const quote = calculateQuote(normaliseInput(input).input, ctx.now());
    res.json({
      QuoteRef: query.data.quoteRef,
      Lender: 'Sandbox Motor Finance Ltd',
      LegalText: legalText(quote),
    } satisfies LegalResponse);
  });

  router.get('/vehicle/:regNo', (req, res) => {
    const params = parseInput(VehiclePathParams, req.params);
    if (!params.ok) return void res.status(400).json(badRequest(params.summary));
    const vehicle = lookupUkVehicle(ctx.seed, params.data.regNo, ctx.now());
    if (!vehicle) return void res.status(404).json({ message: 'Vehicle not found' } satisfies CodeweaverErrorBody);
    res.json(vehicle satisfies VehicleLookupResponse);
  });
  return router;
}
