import { jest } from '@jest/globals';
import { request } from 'undici';
import { waitUntil } from '../../scripts/stack/waitUntil.js';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

process.env.SANDBOX_STREAM_INTERVAL_MS = '300';
const peers = stackForThisFile({ bff: 'app', env: { UPSTREAM_TIMEOUT_MS: '1000' } });
let server: Awaited<ReturnType<typeof listen>>;
let operator: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(peers.bff.app);
  operator = await listen(peers.bff.metricsApp);
});
afterAll(async () => {
  await server.close();
  await operator.close();
});

async function metric(name: string, labels = ''): Promise<number | undefined> {
  const res = await request(`${operator.origin}/metrics`);
  const text = await res.body.text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('/metrics', () => {
  it('is not served on a market host (404), only on the operator listener', async () => {
    for (const host of ['se.localhost', 'uk.localhost']) {
      const res = await request(`${server.origin}/metrics`, { headers: { host } });
      expect(res.statusCode).toBe(404);
      expect(await res.body.text()).not.toMatch(/process_|bff_/);
    }
    const scraped = await request(`${operator.origin}/metrics`);
    expect(scraped.statusCode).toBe(200);
    expect(await scraped.body.text()).toMatch(/bff_http_request_duration_seconds/);
  });

  it('counts upstream errors by service and cause', async () => {
    peers.sandbox.ctx.faults.set('search', { status: 503 });
    const res = await request(`${server.origin}/api/search`, {
      method: 'POST',
      headers: { host: 'se.localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ index: 'cars', limit: 1 }),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(502);
    peers.sandbox.ctx.faults.set('maps', { garbage: true });
    await (
      await request(`${server.origin}/api/places/autocomplete?input=lund`, { headers: { host: 'se.localhost' } })
    ).body.dump();
    expect(await metric('bff_upstream_errors_total', '{service="search",cause="status_5xx"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(await metric('bff_upstream_errors_total', '{service="maps",cause="bad_answer"}')).toBeGreaterThanOrEqual(1);
  });

  it('shows the event streams open now', async () => {
    expect(await metric('bff_open_event_streams')).toBe(0);
    const stream = await request(
      `${server.origin}/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07`,
      { headers: { host: 'se.localhost' } },
    );
    expect(stream.statusCode).toBe(200);
    expect(await metric('bff_open_event_streams')).toBe(1);
    stream.body.destroy();
    await waitUntil(() => peers.sandbox.ctx.stats.openStreams === 0, 'every stream closed at the sandbox', {
      timeoutMs: 20_000,
    });
    expect(await metric('bff_open_event_streams')).toBe(0);
  });

  it('shows the event-loop lag since the last scrape', async () => {
    await metric('bff_event_loop_lag_seconds', '{quantile="1"}'); // starts a fresh window
    // Node's histogram measures from its first tick after a reset: a block before that tick goes unseen.
    await new Promise((r) => setTimeout(r, 50));
    const until = Date.now() + 500;
    while (Date.now() < until); // the loop is blocked for 500 ms
    await new Promise((r) => setTimeout(r, 20));
    expect(await metric('bff_event_loop_lag_seconds', '{quantile="1"}')).toBeGreaterThanOrEqual(0.45);
    // A new window: the block is gone from it (a busy machine would have to stall this process as long to fail it).
    expect(await metric('bff_event_loop_lag_seconds', '{quantile="0.99"}')).toBeLessThan(0.45);
  });
});
