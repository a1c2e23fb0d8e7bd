import { jest } from '@jest/globals';
import { readWorkshopStream, retryWaitMs, STREAM_ATTEMPTS } from '../../client/islands/booking/workshopStreamReader.js';

const URL =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';
const refused = (status: number, retryAfter?: string) =>
  new Response(JSON.stringify({ error: { code: 'streams_full', message: 'full', requestId: 'r' } }), {
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });
/** An event stream of these messages, split across chunks mid-message as a network would. */
const stream = (messages: unknown[]) => {
  const text = `retry: 3000\n\n: heartbeat\n\n${messages.map((m, i) => `id: ${i}\ndata: ${JSON.stringify(m)}\n\n`).join('')}`;
  const bytes = new TextEncoder().encode(text);
  return new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(bytes.slice(0, 30));
        c.enqueue(bytes.slice(30));
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
};

function harness(answers: Response[]) {
  const fetch = jest.fn(async () => answers.shift()!);
  const waits: number[] = [];
  const wait = async (ms: number) => void waits.push(ms);
  const messages: unknown[] = [];
  const read = (enough = Infinity) =>
    readWorkshopStream(URL, (data) => (messages.push(JSON.parse(data)), messages.length < enough), {
      signal: new AbortController().signal,
      fetch: fetch as unknown as typeof globalThis.fetch,
      wait,
    });
  return { fetch, waits, messages, read };
}

describe('the workshop stream in the booking island', () => {
  it("waits out the server's Retry-After when its streams are all in use (503), then reads the workshops", async () => {
    const h = harness([refused(503, '5'), refused(503, '5'), stream([{ departmentId: 1 }, { departmentId: 2 }])]);
    await expect(h.read()).resolves.toEqual({ kind: 'ended' });
    expect(h.waits).toEqual([5_000, 5_000]);
    expect(h.fetch).toHaveBeenCalledTimes(3);
    expect(h.messages).toEqual([{ departmentId: 1 }, { departmentId: 2 }]);
  });

  it(`gives up after ${STREAM_ATTEMPTS} refusals, and at once on a refusal that names no wait, a long one, or another status`, async () => {
    const full = harness(Array.from({ length: 6 }, () => refused(503, '1')));
    await expect(full.read()).resolves.toEqual({ kind: 'refused' });
    expect(full.fetch).toHaveBeenCalledTimes(STREAM_ATTEMPTS);
    expect(full.waits).toEqual(Array(STREAM_ATTEMPTS - 1).fill(1_000));
    for (const answer of [refused(503), refused(429, '3600'), refused(400, '5'), refused(502, '5')]) {
      const once = harness([answer]);
      await expect(once.read()).resolves.toEqual({ kind: 'refused' });
      expect(once.waits).toEqual([]);
    }
    expect(retryWaitMs(429, '5')).toBe(5_000);
    expect(retryWaitMs(503, 'Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
  });

  it('stops reading once it has what it wants, and says when there was no answer at all', async () => {
    const h = harness([stream([{ departmentId: 1 }, { departmentId: 2 }, { departmentId: 3 }])]);
    await expect(h.read(2)).resolves.toEqual({ kind: 'ended' });
    expect(h.messages).toHaveLength(2);
    const offline = readWorkshopStream(URL, () => true, {
      signal: new AbortController().signal,
      fetch: (() => Promise.reject(new TypeError('offline'))) as typeof fetch,
    });
    await expect(offline).resolves.toEqual({ kind: 'unreachable' });
  });
});
