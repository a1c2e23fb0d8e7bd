import {
  CalculateQuoteResponse,
  DefaultQuoteResponse,
  LegalResponse,
  VehicleLookupResponse,
  type CalculateQuoteRequest,
  type DefaultQuoteRequest,
} from '../../contracts/upstream/codeweaver.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

/** The UK finance service: default quotes, a recalculated quote, its legal text, and the vehicle lookup. */
export class CodeweaverClient {
  constructor(private readonly http: UpstreamHttp) {}

  defaultQuotes(request: DefaultQuoteRequest, ctx?: CallContext): Promise<DefaultQuoteResponse> {
    return this.http.json({ method: 'POST', path: '/default', body: request, schema: DefaultQuoteResponse }, ctx);
  }

  calculate(request: CalculateQuoteRequest, ctx?: CallContext): Promise<CalculateQuoteResponse> {
    return this.http.json({ method: 'POST', path: '/cfd', body: request, schema: CalculateQuoteResponse }, ctx);
  }

  legal(quoteRef: string, ctx?: CallContext): Promise<LegalResponse> {
    return this.http.json({ method: 'GET', path: '/legal', query: { quoteRef }, schema: LegalResponse }, ctx);
  }

  vehicle(regNo: string, ctx?: CallContext): Promise<VehicleLookupResponse> {
    return this.http.json(
      { method: 'GET', path: `/vehicle/${encodeURIComponent(regNo)}`, schema: VehicleLookupResponse },
      ctx,
    );
  }
}
