import type {
  CalculateQuoteRequest,
  CalculateQuoteResponse,
  DefaultQuoteResponse,
  FinanceVehicle,
  LegalResponse,
} from '../../../contracts/upstream/codeweaver.js';
import { BffCallError, callBff } from '../../api/bffCall.js';
import type { BffInit } from '../../api/bffFetch.js';

/**
 * The BFF's finance routes (server/api/financeRoutes.ts). The BFF has already checked every answer
 * against contracts/upstream/codeweaver.ts, so the browser takes the types as given and does not ship zod.
 * A refusal rejects (a BffCallError with the one failure shape), as the calculator's hook expects.
 */
async function call<T>(url: string, init: BffInit): Promise<T> {
  const answer = await callBff<T>(url, init);
  if (!answer.ok) throw new BffCallError(url, answer);
  return answer.value;
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
