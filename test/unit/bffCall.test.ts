import { jest } from '@jest/globals';
import { z } from 'zod';
import { callBff, readBffError, waitMessage } from '../../client/api/bffCall.js';
import type { BffInit } from '../../client/api/bffFetch.js';

const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers,
    }),
  );
const sending = (reply: () => Promise<Response>) => jest.fn((_path: string, _init: BffInit) => reply());

describe('the one BFF call and its one result shape', () => {
  it('reads every part of the error shape: code, message, retry-after, the fields a 400 named, the upstream’s word', () => {
    expect(
      readBffError(400, {
        error: {
          code: 'bad_request',
          message: 'Invalid body: values.customerEmail',
          requestId: 'r',
          issues: [
            { path: 'body.values.customerEmail', message: 'bad' },
            { path: 'query.lang', message: 'bad' },
          ],
        },
      }),
    ).toEqual({
      ok: false,
      status: 400,
      code: 'bad_request',
      message: 'Invalid body: values.customerEmail',
      retryAfterS: null,
      fields: ['values.customerEmail'],
      upstream: { message: null, code: null },
    });
    const booking = readBffError(400, {
      error: { code: 'upstream_status', upstream: { errors: { 'Error Result': ['InvalidReg'] }, message: 'Fel' } },
    });
    expect(booking.upstream).toEqual({ code: 'InvalidReg', message: 'Fel' });
    expect(readBffError(429, { error: { code: 'too_many_requests', retryAfterSeconds: 540 } }).retryAfterS).toBe(540);
    expect(readBffError(503, '<html>', new Headers({ 'retry-after': '5' }))).toMatchObject({
      code: null,
      message: null,
      retryAfterS: 5,
    });
  });

  it('answers the value of a 2xx, nothing for a 204, and a failure for an error answer or no answer at all', async () => {
    await expect(callBff('/api/x', {}, { send: sending(() => answer(200, { a: 1 })) })).resolves.toEqual({
      ok: true,
      status: 200,
      value: { a: 1 },
    });
    await expect(callBff('/api/x', {}, { send: sending(() => answer(204)) })).resolves.toEqual({
      ok: true,
      status: 204,
      value: null,
    });
    await expect(
      callBff('/api/x', {}, { send: sending(() => answer(502, { error: { code: 'upstream_status' } })) }),
    ).resolves.toMatchObject({ ok: false, status: 502, code: 'upstream_status' });
    await expect(
      callBff('/api/x', {}, { send: sending(() => Promise.reject(new TypeError('network'))) }),
    ).resolves.toMatchObject({ ok: false, status: null, code: null });
  });

  it('refuses a body its check refuses, and rejects when the caller aborted', async () => {
    const check = z.object({ id: z.string() });
    await expect(callBff('/api/x', {}, { check, send: sending(() => answer(200, { id: 7 })) })).resolves.toMatchObject({
      ok: false,
      status: 200,
    });
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    await expect(
      callBff('/api/x', { signal: controller.signal }, { send: sending(() => Promise.reject(abort)) }),
    ).rejects.toBe(abort);
  });

  it('has a text for the shopper only in the refusals that ask them to wait', () => {
    const wait = (status: number, code: string, message = 'Vänta en stund.') =>
      waitMessage(readBffError(status, { error: { code, message } }));
    expect(wait(429, 'too_many_requests')).toBe('Vänta en stund.');
    expect(wait(409, 'submission_unconfirmed')).toBe('Vänta en stund.');
    expect(wait(503, 'limits_unavailable')).toBe('Vänta en stund.');
    expect(wait(429, 'too_many_in_flight')).toBeNull();
    expect(wait(502, 'upstream_status')).toBeNull();
  });
});
