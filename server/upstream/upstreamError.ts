import { ApiError } from '../http/apiError.js';

export type UpstreamFailure = 'upstream_timeout' | 'upstream_unreachable' | 'upstream_bad_answer' | 'upstream_status';

const STATUS_OF: Record<Exclude<UpstreamFailure, 'upstream_status'>, number> = {
  upstream_timeout: 504,
  upstream_unreachable: 502,
  upstream_bad_answer: 502,
};

/**
 * The one error every upstream client throws. Its code is stable for callers and its message is
 * always ours. For `upstream_status` the upstream's own 4xx status and its (sanitised) error body go
 * to the browser, so an island can show the service's message to the shopper (the tire hotel's texts,
 * the booking service's message codes); an upstream 5xx becomes 502 with our message only: its body is
 * kept on the error for the log, never sent (it is the service's internals, not the shopper's business).
 */
export class UpstreamError extends ApiError {
  constructor(
    readonly service: string,
    readonly failure: UpstreamFailure,
    message: string,
    readonly upstreamStatus?: number,
    readonly upstreamBody?: unknown,
    /** No connection was made: the service cannot have acted on the request (a write may be sent again). */
    readonly notSent = false,
  ) {
    super(
      failure === 'upstream_status' ? (upstreamStatus! < 500 ? upstreamStatus! : 502) : STATUS_OF[failure],
      failure,
      message,
      {
        service,
        ...(upstreamStatus ? { upstreamStatus } : {}),
        ...(upstreamBody !== undefined && upstreamStatus !== undefined && upstreamStatus < 500
          ? { upstream: upstreamBody }
          : {}),
      },
    );
    this.name = 'UpstreamError';
  }
}
