// Many browsers on one workshop stream, in a process of their own so that their work is not counted
// as the BFF's event-loop lag: what test/integration/thousandWorkshopStreams.test.ts runs.
// Arguments: URL, number of clients, ramp in ms, Host header. Prints one JSON line: the summary.
import { Agent, request } from 'undici';

const [url, count, rampMs, host] = process.argv.slice(2) as [string, string, string, string];
const clients = Number(count);
const agent = new Agent({ connections: null, keepAliveTimeout: 500 });

let open = 0;
let peak = 0;
const settled = await Promise.allSettled(
  Array.from({ length: clients }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * Number(rampMs)) / clients));
    const res = await request(url, { dispatcher: agent, headers: { host } });
    peak = Math.max(peak, ++open);
    let text = '';
    for await (const chunk of res.body) text += (chunk as Buffer).toString();
    open--;
    return {
      status: res.statusCode,
      workshops: (text.match(/"departmentId"/g) ?? []).length,
      heartbeats: (text.match(/: heartbeat/g) ?? []).length,
    };
  }),
);
await agent.close();
process.stdout.write(
  `${JSON.stringify({
    peak,
    failed: settled.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message)] : [])),
    results: settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
  })}\n`,
);
