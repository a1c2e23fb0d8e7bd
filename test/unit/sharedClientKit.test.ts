import { jest } from '@jest/globals';
import { z } from 'zod';
import { fieldsOfBadRequest, postJsonWithRetries } from '../../client/forms/postWithRetries.js';
import { readSession, removeSession, writeSession } from '../../client/storage/sessionStore.js';
import { pushToDataLayer } from '../../client/analytics/dataLayer.js';

const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noWait = () => Promise.resolve();

describe('posting a form with retries', () => {
  it('retries a 5xx and a network error with the same body, then succeeds', async () => {
    const bodies: string[] = [];
    const replies = [() => answer(503), () => Promise.reject(new TypeError('network')), () => answer(202, { ok: true })];
    const fetchMock = jest.fn((_url: string, init: RequestInit) => {
      bodies.push(String(init.body));
      return Promise.resolve(replies.shift()!());
    });
    const outcome = await postJsonWithRetries('/api/forms/comhub', { formSubmissionId: 'x-1' }, { fetch: fetchMock as unknown as typeof fetch, wait: noWait });
    expect(outcome).toEqual({ ok: true, status: 202, body: { ok: true } });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ formSubmissionId: 'x-1' })]));
  });

  it('never retries a 4xx: the same body would be refused again', async () => {
    const fetchMock = jest.fn(() => Promise.resolve(answer(400, { error: { code: 'bad_request', issues: [{ path: 'body.values.customerEmail', message: 'bad' }] } })));
    const outcome = await postJsonWithRetries('/api/forms/comhub', {}, { fetch: fetchMock as unknown as typeof fetch, wait: noWait });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(outcome.ok).toBe(false);
    expect(outcome.status).toBe(400);
    expect(fieldsOfBadRequest(outcome.body)).toEqual(['values.customerEmail']);
  });

  it('gives up after three failed attempts, waiting 1 s between them', async () => {
    const waits: number[] = [];
    const fetchMock = jest.fn(() => Promise.resolve(answer(502)));
    const outcome = await postJsonWithRetries('/x', {}, { fetch: fetchMock as unknown as typeof fetch, wait: (ms) => (waits.push(ms), Promise.resolve()) });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1000]);
    expect(outcome).toEqual({ ok: false, status: 502, body: {} });
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
    expect((globalThis as unknown as { window: { dataLayer: unknown[] } }).window.dataLayer).toEqual([{ event: 'form_interaction', form_name: 'Test', action: 'start' }]);
  });
});
