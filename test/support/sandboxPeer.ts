import { startSandbox, type RunningSandbox } from '../../sandbox/app.js';

/**
 * The sandbox on a free port, with its seeded data generated before the first test (so a tight
 * upstream timeout in a test measures the BFF, not data generation), and a count of what really
 * reached each upstream.
 */
export async function startSandboxPeer(): Promise<RunningSandbox & { upstreamCalls(service: string): number }> {
  const sandbox = await startSandbox(0);
  await fetch(`${sandbox.url}/search/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ index: 'cars-se', limit: 0 }),
  });
  sandbox.ctx.stats.reset();
  return { ...sandbox, upstreamCalls: (service) => sandbox.ctx.stats.requests[service] ?? 0 };
}
