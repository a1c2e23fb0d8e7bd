import { bffFetch, type BffInit } from './bffFetch.js';

/**
 * One JSON call to the BFF with one result shape, for every island and enhancement: the answer's value,
 * or why there is none (status, code, message, when to try again, the fields a 400 named, and what the
 * upstream service said). Over `bffFetch`, so it carries the page's language. Aborting rejects, as fetch does;
 * nothing else does.
 */
export type BffResult<T> = { ok: true; status: number; value: T } | BffFailure;

export interface BffFailure {
  ok: false;
  /** null: no answer at all (a network error). */
  status: number | null;
  /** The BFF's error code (`too_many_requests`, `upstream_status`, `bad_request`...); null without one. */
  code: string | null;
  /** The BFF's message: written for the shopper only for its refusals (a limit's 429 is in the page's language). */
  message: string | null;
  /** Seconds to wait before trying again: `error.retryAfterSeconds`, else the Retry-After header. */
  retryAfterS: number | null;
  /** The body fields a 400 named, in its order, without the `body.` prefix (`values.customerEmail`). */
  fields: string[];
  /** What the upstream service said, relayed for its 4xx: its message, and the booking service's message code. */
  upstream: { message: string | null; code: string | null };
}

/** A check of the answer's body: a zod schema (its `safeParse`) where an island checks, else the BFF's word is taken. */
export interface AnswerCheck<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

export interface BffCallOptions<T> {
  check?: AnswerCheck<T>;
  /** What sends the request: `bffFetch` (tests give their own). */
  send?: (path: string, init: BffInit) => Promise<Response>;
}

interface ErrorBody {
  error?: {
    code?: unknown;
    message?: unknown;
    retryAfterSeconds?: unknown;
    issues?: unknown;
    upstream?: { message?: unknown; errors?: Record<string, unknown> };
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The one reader of the BFF's error body (`{"error":{"code","message","requestId",...}}`, docs/api.md#errors). */
export function readBffError(status: number | null, body: unknown, headers?: Headers): BffFailure {
  const error = (body as ErrorBody | null)?.error;
  const issues = Array.isArray(error?.issues) ? (error.issues as { path?: unknown }[]) : [];
  const retryAfter = Number(error?.retryAfterSeconds ?? headers?.get('retry-after'));
  const resultCodes = error?.upstream?.errors?.['Error Result'];
  return {
    ok: false,
    status,
    code: text(error?.code),
    message: text(error?.message),
    retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    fields: issues.flatMap((issue) =>
      typeof issue?.path === 'string' && issue.path.startsWith('body.') ? [issue.path.slice('body.'.length)] : [],
    ),
    upstream: {
      message: text(error?.upstream?.message),
      code: Array.isArray(resultCodes) ? text(resultCodes[0]) : null,
    },
  };
}

/** An answer's body: JSON, the text itself when it is not JSON, null when empty. */
async function readBody(response: Response): Promise<unknown> {
  const body = await response.text().catch(() => '');
  if (body === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** A request to the BFF and its answer in the one result shape. */
export async function callBff<T>(
  path: string,
  init: BffInit = {},
  options: BffCallOptions<T> = {},
): Promise<BffResult<T>> {
  let response: Response;
  try {
    response = await (options.send ?? bffFetch)(path, init);
  } catch (err) {
    if (init.signal?.aborted) throw err;
    return readBffError(null, null);
  }
  const body = await readBody(response);
  if (!response.ok) return readBffError(response.status, body, response.headers);
  if (!options.check) return { ok: true, status: response.status, value: body as T };
  const checked = options.check.safeParse(body);
  return checked.success
    ? { ok: true, status: response.status, value: checked.data }
    : readBffError(response.status, null);
}

/** A failed call as an error, for callers that reject (a list's searches): the failure rides along. */
export class BffCallError extends Error {
  constructor(
    readonly path: string,
    readonly failure: BffFailure,
  ) {
    super(`${path} answered ${failure.status ?? 'nothing'}${failure.code ? ` (${failure.code})` : ''}`);
    this.name = 'BffCallError';
  }
}

/** The BFF's refusals that ask the shopper to wait, and the status each comes with. */
const WAIT_REFUSALS: Record<string, number> = {
  /** A flood refused (server/security/rateLimits.ts). */
  too_many_requests: 429,
  /** A lead or booking that may have arrived already, held for a minute (server/api/oncePerKey.ts). */
  submission_unconfirmed: 409,
  /** An account limit that could not be counted, Redis being away (server/security/rateLimits.ts). */
  limits_unavailable: 503,
  /** A lead or booking whose id Redis could not record, still refused after the kit's retries (server/api/oncePerKey.ts). */
  submission_unrecorded: 503,
};

/**
 * The text of a BFF refusal that asks the shopper to wait, already in the page's language: a form's own
 * failure text says to try again, which fails again (or, for a held write, could send it twice).
 * null for every other answer: no other error message is written for shoppers.
 */
export function waitMessage(failure: Pick<BffFailure, 'status' | 'code' | 'message'>): string | null {
  const { status, code, message } = failure;
  return status !== null && code !== null && WAIT_REFUSALS[code] === status && message !== null && message.trim() !== ''
    ? message
    : null;
}
