import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startTestStack } from './testStack.js';

/**
 * One BFF in this process before a sandbox in a process of its own, set up to hold `streams` workshop
 * streams at once: what the 1,000-streams test checks and `npm run bench:streams` measures.
 */
export const WORKSHOP_STREAM =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';
const INTERVAL_MS = 4_000; // the sandbox's pacing: each stream stays open ~20 s, long enough for all to be open at once on a busy machine
const RAMP_MS = 4_000; // browsers arrive over 4 s, as a burst would
const HEARTBEAT_MS = 400;

export interface ClientsSummary {
  peak: number;
  failed: string[];
  results: Array<{ status: number; workshops: number; heartbeats: number }>;
}

export async function startWorkshopStreamLoad(streams: number) {
  // One test client plays all the shoppers: the per-address caps, and the process's own, are lifted above it.
  const stack = await startTestStack({
    bff: 'app',
    sandbox: 'process',
    sandboxOptions: { env: { SANDBOX_STREAM_INTERVAL_MS: String(INTERVAL_MS) } },
    env: {
      UPSTREAM_MECHMATE_TIMEOUT_MS: '15000',
      WORKSHOP_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
      LOG_LEVEL: 'warn',
      CLIENT_MAX_WORKSHOP_STREAMS: '10000',
      CLIENT_MAX_CONCURRENT_REQUESTS: '100000',
      WORKSHOP_STREAM_MAX_OPEN: '10000',
    },
  });
  const { bff, sandbox } = stack;
  // A listen backlog for a burst of 1,000 connections (the default 511 resets some on a busy machine).
  const http = createServer(bff.app);
  await new Promise<void>((resolve) => http.listen({ port: 0, host: '127.0.0.1', backlog: 4_096 }, resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    origin,
    bff,
    /** Streams the sandbox holds open right now. */
    openUpstreamStreams: async () =>
      ((await (await request(`${sandbox.url}/__sandbox/stats`)).body.json()) as { openStreams: number }).openStreams,
    /** One stream read to its end (warms the sandbox's workshops). */
    readOne: async () => (await request(origin + WORKSHOP_STREAM, { headers: { host: 'se.localhost' } })).body.text(),
    /** The browsers, in a process of their own, arriving over RAMP_MS, each reading its stream to the end. */
    runClients: () => runClients(origin + WORKSHOP_STREAM, streams),
    close: async () => {
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
      await stack.stop();
    },
  };
}

function runClients(url: string, streams: number): Promise<ClientsSummary> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/support/entries/workshopStreamClients.ts',
      url,
      String(streams),
      String(RAMP_MS),
      'se.localhost',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(out) as ClientsSummary);
      } catch {
        reject(new Error(`stream clients exited with ${code}: ${out.slice(0, 500)}`));
      }
    });
  });
}
