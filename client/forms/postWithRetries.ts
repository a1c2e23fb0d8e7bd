import { bffFetch, pageLanguage } from '../api/bffFetch.js';

/**
 * POSTs JSON and retries what may succeed on a second try: a network error or a 5xx, up to
 * `attempts` times, `delayMs` apart, always with the same body (so a lead keeps its
 * formSubmissionId). A 4xx is the server's final word and is never retried.
 */
export type PostOutcome =
  | { ok: true; status: number; body: unknown }
  /** `status` is null when no answer arrived at all. */
  | { ok: false; status: number | null; body: unknown };

export interface PostOptions {
  attempts?: number;
  delayMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  wait?: (ms: number) => Promise<void>;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_RETRY_DELAY_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The page's language, for the BFF to word a refusal in: an API path carries none (fi.localhost/sv). */
function languageHeader(): Record<string, string> {
  const language = pageLanguage();
  return language ? { 'accept-language': language } : {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function postJsonWithRetries(url: string, body: unknown, options: PostOptions = {}): Promise<PostOutcome> {
  const post = options.fetch ?? bffFetch;
  const wait = options.wait ?? sleep;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const payload = JSON.stringify(body);
  let last: PostOutcome = { ok: false, status: null, body: null };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await post(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...languageHeader() },
        body: payload,
        signal: options.signal,
      });
      const answer = await readBody(response);
      if (response.ok) return { ok: true, status: response.status, body: answer };
      last = { ok: false, status: response.status, body: answer };
      if (response.status < 500) return last;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      last = { ok: false, status: null, body: null };
    }
    if (attempt < attempts) await wait(options.delayMs ?? DEFAULT_RETRY_DELAY_MS);
  }
  return last;
}

/**
 * The body fields a 400 from the BFF names, in its order, without the `body.` prefix
 * (`body.values.customerEmail` → `values.customerEmail`), so a form can point at the field at fault.
 */
export function fieldsOfBadRequest(body: unknown): string[] {
  const issues = (body as { error?: { issues?: unknown } } | null)?.error?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown }) =>
    typeof issue?.path === 'string' && issue.path.startsWith('body.') ? [issue.path.slice('body.'.length)] : [],
  );
}

/** The BFF's refusals that ask the shopper to wait, with a text written for them in the page's language. */
const WAIT_REFUSALS: Record<string, number> = {
  /** A flood refused (server/security/rateLimits.ts). */
  too_many_requests: 429,
  /** A lead or booking that may have arrived already, held for a minute (server/api/oncePerKey.ts). */
  submission_unconfirmed: 409,
  /** An account limit that could not be counted, Redis being away (server/security/rateLimits.ts). */
  limits_unavailable: 503,
};

/**
 * The text of a BFF refusal that asks the shopper to wait, already in the page's language: a form's own
 * failure text says to try again, which fails again (or, for a held write, could send it twice).
 * null for every other answer: no other error message is written for shoppers.
 */
export function waitMessage(status: number | null, body: unknown): string | null {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : '';
  return status !== null &&
    WAIT_REFUSALS[code] === status &&
    typeof error?.message === 'string' &&
    error.message.trim() !== ''
    ? error.message
    : null;
}
