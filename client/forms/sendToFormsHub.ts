import { waitMessage } from '../api/bffCall.js';
import { bffFetch } from '../api/bffFetch.js';
import { DEFAULT_ATTEMPTS, DEFAULT_RETRY_DELAY_MS, postJsonWithRetries, type PostOptions } from './postWithRetries.js';

export const FORMS_HUB_URL = '/api/forms/comhub';
/** The BFF's answer for a formSubmissionId another attempt is still sending: worth one more try, unlike any other 4xx. */
const BEING_SENT = 409;

export interface FormsHubSubmission {
  formName: string;
  formSubmissionId: string;
  values: Record<string, unknown>;
}

export interface FormsHubOutcome {
  /** Part 2 §4.2: success only on 202; any other status or a network error is a failure. */
  status: 'success' | 'failed';
  /** The value fields a 400 named (`customerEmail`), for the form to point at. */
  badFields: string[];
  /** A refused flood's text (429), in the page's language, for the form to show instead of its own failure text. */
  waitMessage: string | null;
}

/**
 * Sends a lead to the forms hub through the BFF: up to 3 attempts 1 s apart in all (network error,
 * 5xx, or a 409 while a double click's first attempt is still being sent), always with the same
 * formSubmissionId, so the hub gets one lead however many attempts reach the BFF. A 400 is final,
 * and so is an answer asking the shopper to wait: a 429 (the client's limit) or a 409 for a lead
 * that may have arrived already (held for a minute): trying at once is refused again.
 */
export async function sendToFormsHub(
  submission: FormsHubSubmission,
  options: PostOptions = {},
): Promise<FormsHubOutcome> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const post = options.fetch ?? bffFetch;
  let used = 0;
  const counted: PostOptions['fetch'] = (path, init) => {
    used += 1;
    return post(path, init);
  };
  for (;;) {
    const outcome = await postJsonWithRetries(FORMS_HUB_URL, submission, {
      ...options,
      attempts: attempts - used,
      fetch: counted,
    });
    if (outcome.status === 202) return { status: 'success', badFields: [], waitMessage: null };
    const wait = outcome.ok ? null : waitMessage(outcome);
    if (outcome.ok || outcome.status !== BEING_SENT || wait !== null || used >= attempts) {
      const badFields =
        !outcome.ok && outcome.status === 400
          ? outcome.fields.flatMap((path) => (path.startsWith('values.') ? [path.slice(7)] : [path]))
          : [];
      return { status: 'failed', badFields, waitMessage: wait };
    }
    await (options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(
      options.delayMs ?? DEFAULT_RETRY_DELAY_MS,
    );
  }
}
