import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { testRedisUrl } from './testRedis.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { startTestStack } from './testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

export type TestApp = ComposedBff;

/** The app with Redis, in front of a sandbox; `se`, `no` and `uk` are supertest agents bound to a market Host. */
export async function startApiHarness(env: Record<string, string> = {}, sandbox?: SandboxHere) {
  const peer = sandbox ?? (await startSandboxHere());
  const bff = (await startTestStack({ bff: 'app', sandbox: peer, env: { REDIS_URL: testRedisUrl, ...env } })).bff;
  await waitUntil(() => bff.redis.available() !== undefined, 'Redis connected');
  const on = (host: string) => ({
    get: (path: string) => request(bff.app).get(path).set('Host', host),
    post: (path: string, body?: unknown) => {
      const req = request(bff.app).post(path).set('Host', host);
      return body === undefined ? req : req.send(body as object);
    },
  });
  return {
    sandbox: peer,
    bff,
    se: on('se.localhost'),
    no: on('no.localhost'),
    uk: on('uk.localhost'),
    fi: on('fi.localhost'),
    close: async () => {
      await bff.close();
      if (!sandbox) await peer.close();
    },
  };
}

/** A real listening server, for what supertest cannot show (event streams, disconnects). */
export async function listen(app: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every upstream call the sandbox saw, all services together. */
export const totalUpstreamCalls = (sandbox: SandboxHere) =>
  Object.values(sandbox.ctx.stats.requests).reduce((a, b) => a + b, 0);

/** The paths of a 400's issues, for `expect(...).toContain('query.lat')`. */
export const issuePaths = (body: { error?: { issues?: Array<{ path: string }> } }) =>
  (body.error?.issues ?? []).map((i) => i.path);
