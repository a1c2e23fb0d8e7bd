import { jest } from '@jest/globals';
import { request } from 'undici';
import { startTestStack } from '../support/testStack.js';
import { nothingHappensWithin } from '../../scripts/stack/waitUntil.js';

jest.setTimeout(60_000);

const STREAM =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=originalservice&latitude=59.33&longitude=18.07';

let stack: Awaited<ReturnType<typeof startTestStack<'process'>>>;
let bff: typeof stack.bff;
let urls: { url: string; sandboxUrl: string };
beforeAll(async () => {
  stack = await startTestStack({ bff: 'process' });
  bff = stack.bff;
  urls = { url: await bff.listening(), sandboxUrl: stack.sandbox.url };
});
afterAll(() => stack.stop());

async function injectFault(service: string, fault: Record<string, unknown>) {
  const res = await request(`${urls.sandboxUrl}/__sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ service, fault, times: 1 }),
  });
  await res.body.dump();
  expect(res.statusCode).toBe(204);
}

describe('an upstream answer the BFF drops unread (issue 11)', () => {
  it('leaves the process up when the workshop stream answers 200 with a body that is not an event stream', async () => {
    await injectFault('mechmate', { garbage: true });
    const res = await request(urls.url + STREAM, { headers: { host: 'se.localhost' } });
    const body = (await res.body.json()) as { error: { code: string; requestId: string } };
    expect(res.statusCode).toBe(502);
    expect(body.error.code).toBe('upstream_bad_answer');
    expect(body.error.requestId).toEqual(expect.any(String));

    // The crash came a tick after the answer, when the destroyed body emitted 'error': none comes.
    await nothingHappensWithin(500);
    expect(bff.alive()).toBe(true);
    const health = await request(`${urls.url}/healthz`);
    await health.body.dump();
    expect(health.statusCode).toBe(200);
    expect(bff.output().stderr).not.toMatch(/Unhandled|RequestAbortedError/);
  });

  it('still streams workshops on the next request', async () => {
    const res = await request(urls.url + STREAM, { headers: { host: 'se.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toMatch(/"departmentId"/);
  });
});
