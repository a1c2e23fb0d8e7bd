import { errors as undiciErrors } from 'undici';
import type { RelayedAnswer } from './streamingCalls.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';
import { readBodyBytes, releaseBody } from './upstreamBody.js';
import { UpstreamError } from './upstreamError.js';

/** Statuses of the media service that are answers, not failures. */
const MEDIA_ANSWERS = [304, 404, 410] as const;

/** A whole file of the media service, or the status it answered instead (404, 410). */
export type MediaOriginal =
  | { statusCode: 200; contentType: string; bytes: Buffer }
  | { statusCode: number; contentType?: undefined; bytes?: undefined };

/** The media service: files relayed as they arrive (server/media/http/fileRelay.ts), or read whole for the picture pipeline (server/media/). */
export class MediaClient {
  constructor(private readonly http: UpstreamHttp) {}

  /** `path` is already checked to stay inside the media service. */
  file(path: string, conditional: Record<string, string>, ctx?: CallContext): Promise<RelayedAnswer> {
    return this.http.relay({ path, headers: conditional }, MEDIA_ANSWERS, ctx);
  }

  /**
   * A file read whole, at most `maxBytes`: a larger one (by its Content-Length, or as it arrives) is a
   * bad answer, and one that breaks off or stalls fails like any upstream call (counted, logged, thrown).
   */
  async original(path: string, maxBytes: number, ctx?: CallContext): Promise<MediaOriginal> {
    const { statusCode, headers, body } = await this.file(path, {}, ctx);
    if (statusCode !== 200) {
      releaseBody(body);
      return { statusCode };
    }
    const tooLarge = () =>
      new UpstreamError('media', 'upstream_bad_answer', `media answered a file larger than ${maxBytes} bytes`);
    try {
      if (Number(headers['content-length'] ?? 0) > maxBytes) {
        releaseBody(body);
        throw tooLarge();
      }
      const bytes = await readBodyBytes(body, maxBytes, tooLarge);
      return { statusCode: 200, contentType: String(headers['content-type'] ?? ''), bytes };
    } catch (err) {
      this.bodyFailed(path, err, ctx);
      if (err instanceof UpstreamError) throw err;
      if (err instanceof undiciErrors.BodyTimeoutError)
        throw new UpstreamError('media', 'upstream_timeout', 'media file stalled before its end');
      throw new UpstreamError('media', 'upstream_unreachable', 'media file broke off before its end');
    }
  }

  /** A file that broke off or stalled after its answer started: counted and logged like any upstream failure. */
  bodyFailed(path: string, err: unknown, ctx?: CallContext): void {
    this.http.recordBodyFailure(err, path, ctx);
  }
}
