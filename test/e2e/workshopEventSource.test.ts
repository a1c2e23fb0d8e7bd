import { startBrowserSession } from '../support/browserSession.js';

// The browser's own reconnect delay shortened from 3 s to 1 s: the same behaviour in a third of the time.
const RETRY_MS = 1_000;
const session = startBrowserSession({ WORKSHOP_STREAM_RETRY_MS: String(RETRY_MS) });

const STREAM =
  '/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=59.33&longitude=18.07';

describe("the workshop stream in Chromium's own EventSource", () => {
  it('gives one page of 5 workshops, then the automatic reconnect gets 204 and nothing more is asked for', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('se.localhost', '/'));
    const requests: Array<Promise<{ url: string; lastEventId: string | undefined }>> = [];
    const answers: number[] = [];
    page.on('request', (req) => {
      // allHeaders: the network stack adds Last-Event-ID after the page's own headers.
      if (req.url().includes('closestAvailable'))
        requests.push(req.allHeaders().then((h) => ({ url: req.url(), lastEventId: h['last-event-id'] })));
    });
    page.on('response', (res) => {
      if (res.url().includes('closestAvailable')) answers.push(res.status());
    });
    const upstreamBefore = session.sandbox.ctx.stats.requests.mechmate ?? 0;

    // 5 workshops at the sandbox's pacing, then 5 reconnect delays: the old relay paged through every workshop by now.
    const watchMs = 5 * 300 + 5 * RETRY_MS + 2_000;
    const seen = await page.evaluate(
      ({ url, watchMs }) =>
        new Promise<{ messages: Array<{ id: string; data: unknown }>; finalState: number }>((resolve) => {
          const messages: Array<{ id: string; data: unknown }> = [];
          const source = new EventSource(url);
          source.onmessage = (event) =>
            messages.push({ id: event.lastEventId, data: JSON.parse(event.data as string) });
          setTimeout(() => {
            const finalState = source.readyState;
            source.close();
            resolve({ messages, finalState });
          }, watchMs);
        }),
      { url: STREAM, watchMs },
    );

    expect(seen.messages).toHaveLength(5);
    expect(seen.messages.map((m) => m.id)).toEqual(
      seen.messages.map((m, i) => `${(m.data as { departmentId: number }).departmentId}.${i + 1}`),
    );
    expect(seen.finalState).toBe(2); // EventSource.CLOSED: the 204 told it to stop reconnecting
    // The page, then one reconnect carrying where it left off, answered 204; nothing after that.
    const sent = await Promise.all(requests);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.lastEventId).toBeUndefined();
    expect(sent[1]!.lastEventId).toBe(seen.messages[4]!.id);
    expect(answers).toEqual([200, 204]);
    expect((session.sandbox.ctx.stats.requests.mechmate ?? 0) - upstreamBefore).toBe(1);
    await page.close();
  });
});
