import { jest } from '@jest/globals';
import { request } from 'undici';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(60_000);

// The in-flight cap counts by the key every other per-client limit uses: an IPv6 client's whole /64 is one
// customer (a provider hands each one a /64, so counting per address would give one attacker 2^64 caps), and
// behind a trusted proxy each forwarded client is its own.
const harness = stackForThisFile({
  bff: 'app',
  env: {
    TRUST_PROXY: '1',
    CLIENT_MAX_CONCURRENT_REQUESTS: '2',
    CLIENT_MAX_WORKSHOP_STREAMS: '10',
    CLIENT_IN_FLIGHT_WAIT_MS: '0',
  },
});

const STREAM =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';

async function openFrom(origin: string, client: string, path = STREAM) {
  const res = await request(`${origin}${path}`, {
    headers: { host: 'se.localhost', accept: 'text/event-stream', 'x-forwarded-for': client },
  });
  res.body.on('error', () => {});
  return { status: res.statusCode, close: () => res.body.destroy() };
}

describe('requests in flight per customer', () => {
  it('counts two addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    // Streams stay open for the test's length: the sandbox waits this long between workshops.
    const previous = process.env.SANDBOX_STREAM_INTERVAL_MS;
    process.env.SANDBOX_STREAM_INTERVAL_MS = '10000';
    const server = await listen(harness.bff.app);
    try {
      const held = [await openFrom(server.origin, '2001:db8::1'), await openFrom(server.origin, '2001:db8::2')];
      expect(held.map((s) => s.status)).toEqual([200, 200]);
      const sameCustomer = await openFrom(server.origin, '2001:db8::3', '/');
      expect(sameCustomer.status).toBe(429);
      const otherCustomer = await openFrom(server.origin, '2001:db8:0:1::1', '/');
      expect(otherCustomer.status).toBe(200);
      [...held, sameCustomer, otherCustomer].forEach((s) => s.close());
    } finally {
      if (previous === undefined) delete process.env.SANDBOX_STREAM_INTERVAL_MS;
      else process.env.SANDBOX_STREAM_INTERVAL_MS = previous;
      await server.close();
    }
  });
});
