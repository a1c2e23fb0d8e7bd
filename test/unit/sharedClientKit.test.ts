import { jest } from '@jest/globals';
import { z } from 'zod';
import { postJsonWithRetries } from '../../client/forms/postWithRetries.js';
import { readBffError, waitMessage } from '../../client/api/bffCall.js';
import { readSession, removeSession, writeSession } from '../../client/storage/sessionStore.js';
import { pushToDataLayer } from '../../client/analytics/dataLayer.js';

const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noWait = () => Promise.resolve();

describe('posting a form with retries', () => {
  it('retries a 5xx and a network error with the same body, then succeeds', async () => {
    const bodies: string[] = [];
    const replies = [
      () => answer(503),
      () => Promise.reject(new TypeError('network')),
      () => answer(202, { ok: true }),
    ];
    const fetchMock = jest.fn((_url: string, init: RequestInit) => {
      bodies.push(String(init.body));
      return Promise.resolve(replies.shift()!());
    });
    const outcome = await postJsonWithRetries(
      '/api/forms/comhub',
      { formSubmissionId: 'x-1' },
      { fetch: fetchMock as unknown as typeof fetch, wait: noWait },
    );
    expect(outcome).toEqual({ ok: true, status: 202, value: { ok: true } });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ formSubmissionId: 'x-1' })]));
  });

  it('never retries a 4xx: the same body would be refused again', async () => {
    const fetchMock = jest.fn(() =>
      Promise.resolve(
        answer(400, {
          error: { code: 'bad_request', issues: [{ path: 'body.values.customerEmail', message: 'bad' }] },
        }),
      ),
    );
    const outcome = await postJsonWithRetries(
      '/api/forms/comhub',
      {},
      { fetch: fetchMock as unknown as typeof fetch, wait: noWait },
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(outcome.ok).toBe(false);
    expect(outcome.status).toBe(400);
    expect(!outcome.ok && outcome.fields).toEqual(['values.customerEmail']);
  });

  it('never retries a 429 either: the client’s limit refuses the next try too, and its translated text comes back', async () => {
    const refusal = {
      error: {
        code: 'too_many_requests',
        message: 'Du har skickat för många förfrågningar. Vänta en stund och försök igen.',
        requestId: 'r',
        retryAfterSeconds: 540,
      },
    };
    const fetchMock = jest.fn(() => Promise.resolve(answer(429, refusal)));
    const outcome = await postJsonWithRetries(
      '/api/forms/comhub',
      {},
      { fetch: fetchMock as unknown as typeof fetch, wait: noWait },
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(!outcome.ok && waitMessage(outcome)).toBe(refusal.error.message);
    expect(!outcome.ok && outcome.retryAfterS).toBe(540);
  });

  it('takes a message for the shopper only from the limits’ 429, never from another error body', () => {
    const body = (code: string, message = 'Too many requests at once from this address') => ({
      error: { code, message, requestId: 'r' },
    });
    const wait = (status: number | null, answer: unknown) => waitMessage(readBffError(status, answer));
    expect(wait(429, body('too_many_requests', 'Liian monta pyyntöä.'))).toBe('Liian monta pyyntöä.');
    expect(wait(429, body('too_many_in_flight'))).toBeNull();
    expect(wait(429, body('too_many_requests', ' '))).toBeNull();
    expect(wait(400, body('too_many_requests', 'x'))).toBeNull();
    expect(wait(502, body('upstream_status', 'comhub answered 502'))).toBeNull();
    expect(wait(429, '<html>Too Many Requests</html>')).toBeNull();
    expect(wait(null, null)).toBeNull();
  });

  it('names the page’s language, so the BFF words a refusal in it (fi.localhost/sv)', async () => {
    const headers: Headers[] = [];
    const fetchMock = jest.fn(
      (_url: string, init: RequestInit) => (headers.push(new Headers(init.headers)), Promise.resolve(answer(202))),
    );
    const realFetch = globalThis.fetch;
    Object.assign(globalThis, { location: { href: 'http://fi.localhost/sv/myy-auto' }, fetch: fetchMock });
    try {
      await postJsonWithRetries('/api/forms/comhub', {}, { wait: noWait });
      expect(headers[0]!.has('accept-language')).toBe(false);
      Object.assign(globalThis, { document: { documentElement: { lang: 'sv' } } });
      await postJsonWithRetries('/api/forms/comhub', {}, { wait: noWait });
      expect(headers[1]!.get('accept-language')).toBe('sv');
    } finally {
      Reflect.deleteProperty(globalThis, 'document');
      Reflect.deleteProperty(globalThis, 'location');
      Object.assign(globalThis, { fetch: realFetch });
    }
  });

  it('waits as long as a 5xx’s Retry-After asks before trying again (a lead Redis could not record: 5 s), 10 s at most', async () => {
    const unrecorded = (retryAfterSeconds: number) =>
      answer(503, { error: { code: 'submission_unrecorded', message: 'm', requestId: 'r', retryAfterSeconds } });
    const replies = [unrecorded(5), unrecorded(120), answer(202, { formSubmissionId: 'x-1' })];
    const bodies: string[] = [];
    const waits: number[] = [];
    const fetchMock = jest.fn(
      (_url: string, init: RequestInit) => (bodies.push(String(init.body)), Promise.resolve(replies.shift()!)),
    );
    const outcome = await postJsonWithRetries(
      '/api/forms/comhub',
      { formSubmissionId: 'x-1' },
      { fetch: fetchMock as unknown as typeof fetch, wait: (ms) => (waits.push(ms), Promise.resolve()) },
    );
    expect(outcome).toEqual({ ok: true, status: 202, value: { formSubmissionId: 'x-1' } });
    expect(waits).toEqual([5000, 10_000]);
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ formSubmissionId: 'x-1' })]));
  });

  it('tells the shopper to wait, in the page’s language, when a lead’s id still cannot be recorded after the retries', async () => {
    const message = 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.';
    const fetchMock = jest.fn(() =>
      Promise.resolve(
        answer(503, { error: { code: 'submission_unrecorded', message, requestId: 'r', retryAfterSeconds: 5 } }),
      ),
    );
    const outcome = await postJsonWithRetries(
      '/api/forms/comhub',
      {},
      { fetch: fetchMock as unknown as typeof fetch, wait: noWait },
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(!outcome.ok && waitMessage(outcome)).toBe(message);
  });

  it('gives up after three failed attempts, waiting 1 s between them', async () => {
    const waits: number[] = [];
    const fetchMock = jest.fn(() => Promise.resolve(answer(502)));
    const outcome = await postJsonWithRetries(
      '/x',
      {},
      { fetch: fetchMock as unknown as typeof fetch, wait: (ms) => (waits.push(ms), Promise.resolve()) },
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1000]);
    expect(outcome).toMatchObject({ ok: false, status: 502, code: null });
  });
});

describe('session store', () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    };
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  const Schema = z.object({ step: z.number() });

  it('reads back what was written when it still matches the schema', () => {
    writeSession('flow', { step: 3 });
    expect(readSession('flow', Schema)).toEqual({ step: 3 });
    removeSession('flow');
    expect(readSession('flow', Schema)).toBeNull();
  });

  it('drops a corrupt or foreign entry instead of throwing', () => {
    store.set('flow', '{not json');
    expect(readSession('flow', Schema)).toBeNull();
    expect(store.has('flow')).toBe(false);
    store.set('flow', JSON.stringify({ step: 'three' }));
    expect(readSession('flow', Schema)).toBeNull();
  });

  it('pushes analytics events onto window.dataLayer, creating it on first use', () => {
    pushToDataLayer({ event: 'form_interaction', form_name: 'Test', action: 'start' });
    expect((globalThis as unknown as { window: { dataLayer: unknown[] } }).window.dataLayer).toEqual([
      { event: 'form_interaction', form_name: 'Test', action: 'start' },
    ]);
  });
});
