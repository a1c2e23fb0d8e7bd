import type {
  CalculateQuoteRequest, CalculateQuoteResponse, DefaultQuoteResponse, FinanceVehicle, LegalResponse,
} from '../../../contracts/upstream/codeweaver.js';

/**
 * The BFF's finance routes (server/api/financeRoutes.ts). The BFF has already checked every answer
 * against contracts/upstream/codeweaver.ts, so the browser takes the types as given and does not ship zod.
 */
async function call<T>(url: string, init: RequestInit): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body) headers['content-type'] = 'application/json';
  const res = await fetch(url, { ...init, headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

export function fetchDefaultQuotes(vehicle: FinanceVehicle, signal?: AbortSignal): Promise<DefaultQuoteResponse> {
  return call('/api/codeweaver/default', { method: 'POST', body: JSON.stringify({ Vehicle: vehicle }), signal });
}

export function fetchQuote(request: CalculateQuoteRequest, signal?: AbortSignal): Promise<CalculateQuoteResponse> {
  return call('/api/codeweaver/cfd', { method: 'POST', body: JSON.stringify(request), signal });
}

export function fetchLegal(quoteRef: string, signal?: AbortSignal): Promise<LegalResponse> {
  return call(`/api/codeweaver/legal?quoteRef=${encodeURIComponent(quoteRef)}`, { method: 'GET', signal });
}
