import { jest } from '@jest/globals';
import { request } from 'undici';
import { startTestStack } from '../support/testStack.js';

jest.setTimeout(60_000);

describe.each(['uncaughtException', 'unhandledRejection'] as const)('the process safety net on %s', (kind) => {
  it('logs it once at fatal, lets the in-flight request finish, then exits 1', async () => {
    // The planted error fires once the sandbox has the search in hand, which it answers 300 ms later.
    // The entry starts its own sandbox, so that it can plant the error when the search reaches it.
    const { bff, stop } = await startTestStack({
      bff: 'process',
      sandbox: 'none',
      env: { FATAL_KIND: kind, SANDBOX_FAULT: 'search:latency=300', SHUTDOWN_GRACE_MS: '5000' },
      spawn: { entry: 'test/support/entries/fatalAfterStart.ts' },
    });
    try {
      const url = await bff.listening();
      const inFlight = await request(`${url}/api/search`, {
        method: 'POST',
        headers: { host: 'se.localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ index: 'cars', limit: 1 }),
      });
      expect(inFlight.statusCode).toBe(200);
      await inFlight.body.json();
      expect(await bff.exited).toBe(1);

      const fatal = bff.logLines().filter((l) => l.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatchObject({
        kind,
        err: { message: kind === 'unhandledRejection' ? 'planted rejection' : 'planted exception' },
      });
      const messages = bff.logLines().map((l) => l.msg);
      expect(messages.indexOf('stopped')).toBeGreaterThan(messages.indexOf(fatal[0]!.msg));
    } finally {
      await stop();
    }
  });
});
