import { jest } from '@jest/globals';
import { startWorkshopStreamLoad } from '../support/workshopStreamLoad.js';
import { waitUntil } from '../../scripts/stack/waitUntil.js';

/**
 * One BFF holds 1,000 workshop streams at once: every browser gets its workshops with heartbeats between,
 * and the BFF lets go of everything after. How responsive its event loop stays meanwhile is a figure:
 * `npm run bench:streams` prints it (the sandbox and the 1,000 browsers run in processes of their own).
 */

jest.setTimeout(120_000);

const STREAMS = Number(process.env.STREAMS_UNDER_TEST ?? 1_000);

let load: Awaited<ReturnType<typeof startWorkshopStreamLoad>>;
beforeAll(async () => {
  load = await startWorkshopStreamLoad(STREAMS);
});
afterAll(() => load?.close());

/** Open handles of this process by kind (sockets, timers...), without the ones that come and go with a request. */
function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

describe('1,000 concurrent workshop streams on one BFF', () => {
  it('gives every client its workshops with heartbeats between, and lets go of everything after', async () => {
    // Warm up (the sandbox builds its workshops on first use), then take the baseline.
    await load.readOne();
    await waitUntil(async () => (await load.openUpstreamStreams()) === 0, 'warm-up stream closed');
    const before = handles();

    const { peak, failed, results } = await load.runClients();
    expect(failed).toEqual([]);
    expect(peak).toBe(STREAMS);
    expect(results.filter((r) => r.status !== 200 || r.workshops !== 5)).toEqual([]);
    expect(results.filter((r) => r.heartbeats < 2)).toEqual([]);

    await waitUntil(async () => (await load.openUpstreamStreams()) === 0, 'upstream streams closed');
    // The BFF's sockets and timers (heartbeats, idle timers, upstream streams) are all gone again.
    const settled = () =>
      (handles().TCPSocketWrap ?? 0) <= (before.TCPSocketWrap ?? 0) &&
      (handles().Timeout ?? 0) <= (before.Timeout ?? 0) + 2;
    await waitUntil(settled, `handles back to ${JSON.stringify(before)}`).catch((err: Error) => {
      throw new Error(`${err.message}; now ${JSON.stringify(handles())}`);
    });
  });
});
