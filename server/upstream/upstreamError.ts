import { ApiError } from '../http/apiError.js';

export type UpstreamFailure = 'upstream_timeout' | 'upstream_unreachable' | 'upstream_bad_answer' | 'upstream_status';

const STATUS_OF: Record<Exclude<UpstreamFailure, 'upstream_status'>, number> = {
  upstream_timeout: 504,
  upstream_unreachable: 502,
  upstream_bad_answer: 502,
};

/**
 * The one error every upstream client throws. Its code is stable for callers; for
 * `upstream_status` the upstream's own 4xx status and its (sanitised) error body are kept, so an
 * island can show the upstream's message; an upstream 5xx becomes 502.
 */
export class UpstreamError extends ApiError {
  constructor(
    readonly service: string,
    readonly failure: UpstreamFailure,
    message: string,
    readonly upstreamStatus?: number,
    readonly upstreamBody?: unknown,
  ) {
    super(
      failure === 'upstream_status' ? (upstreamStatus! < 500 ? upstreamStatus! : 502) : STATUS_OF[failure],
      failure,
      message,
      { service, ...(upstreamStatus ? { upstreamStatus } : {}), ...(upstreamBody !== undefined ? { upstream: upstreamBody } : {}) },
    );
    this.name = 'UpstreamError';
  }
}
