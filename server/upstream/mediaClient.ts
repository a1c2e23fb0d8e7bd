import type { CallContext, RelayedAnswer, UpstreamHttp } from './upstreamHttp.js';

/** Statuses of the media service that are answers, not failures. */
const MEDIA_ANSWERS = [304, 404, 410] as const;

/** The media service: files relayed as they arrive (server/pages/mediaRelay.ts). */
export class MediaClient {
  constructor(private readonly http: UpstreamHttp) {}

  /** `path` is already checked to stay inside the media service. */
  file(path: string, conditional: Record<string, string>, ctx?: CallContext): Promise<RelayedAnswer> {
    return this.http.relay({ path, headers: conditional }, MEDIA_ANSWERS, ctx);
  }

  /** A file that broke off or stalled after its answer started: counted and logged like any upstream failure. */
  bodyFailed(path: string, err: unknown, ctx?: CallContext): void {
    this.http.recordBodyFailure(err, path, ctx);
  }
}
