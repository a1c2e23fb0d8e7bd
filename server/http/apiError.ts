/** The one error shape of the BFF: `{"error":{"code","message","requestId", ...details}}`. */
export interface ApiErrorBody {
  error: { code: string; message: string; requestId: string; [detail: string]: unknown };
}

/** An error with an HTTP status and a stable code, safe to show to a caller as it is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function apiErrorBody(err: ApiError, requestId: string): ApiErrorBody {
  return { error: { ...err.details, code: err.code, message: err.message, requestId } };
}
