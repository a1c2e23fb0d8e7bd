import type {
  CalculateQuoteRequest,
  CalculateQuoteResponse,
  DefaultQuoteResponse,
  FinanceVehicle,
  LegalResponse,
} from '../../../contracts/upstream/codeweaver.js';
import { bffFetch, type BffInit } from '../../api/bffFetch.js';

/**
 * The BFF's finance routes (server/api/financeRoutes.ts). The BFF has already checked every answer
 * against contracts/upstream/codeweaver.ts, so the browser takes the types as given and does not ship zod.
 */
async function call<T>(url: string, init: BffInit): Promise<T> {
  const res = await bffFetch(url, init);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

export function fetchDefaultQuotes(vehicle: FinanceVehicle, signal?: AbortSignal): Promise<DefaultQuoteResponse> {
  return call('/api/codeweaver/default', { method: 'POST', json: { Vehicle: vehicle }, signal });
}

export function fetchQuote(request: CalculateQuoteRequest, signal?: AbortSignal): Promise<CalculateQuoteResponse> {
  return call('/api/codeweaver/cfd', { method: 'POST', json: request, signal });
}

export function fetchLegal(quoteRef: string, signal?: AbortSignal): Promise<LegalResponse> {
  return call(`/api/codeweaver/legal?quoteRef=${encodeURIComponent(quoteRef)}`, { method: 'GET', signal });
}
