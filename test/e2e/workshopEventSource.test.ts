import { startBrowserSession } from '../support/browserSession.js';
import { PAGE_DEADLINE_MS } from '../support/e2e/deadlines.js';
import { eventually } from '../support/e2e/eventually.js';

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

    // Until Chromium's EventSource closes for good (a 204 tells it to stop reconnecting; a closed one never
    // asks again): a relay that paged through the workshops again would send more, or never let it close.
    // The page's own timer is a guard against a hang only.
    const seen = await page.evaluate(
      ({ url, hangMs }) =>
        new Promise<{ messages: Array<{ id: string; data: unknown }>; finalState: number }>((resolve) => {
          const messages: Array<{ id: string; data: unknown }> = [];
          const source = new EventSource(url);
          const done = () => {
            clearTimeout(hang);
            const finalState = source.readyState;
            source.close();
            resolve({ messages, finalState });
          };
          const hang = setTimeout(done, hangMs);
          source.onmessage = (event) =>
            messages.push({ id: event.lastEventId, data: JSON.parse(event.data as string) });
          source.onerror = () => {
            if (source.readyState === EventSource.CLOSED) done();
          };
        }),
      { url: STREAM, hangMs: PAGE_DEADLINE_MS },
    );
    expect(
      await eventually(
        () => answers.length,
        (n) => n >= 2,
      ),
    ).toBe(2);

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
