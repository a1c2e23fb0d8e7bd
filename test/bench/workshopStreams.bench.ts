// npm run bench:streams — the BFF's event-loop lag while it holds 1,000 workshop streams at once (the figure
// test/integration/thousandWorkshopStreams.test.ts used to assert), against the same process with no stream,
// in alternating rounds. Target: p99 lag at most 50 ms more than the idle process's own. Exits 1 when missed.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startWorkshopStreamLoad } from '../support/workshopStreamLoad.js';
import { alternatingRounds, atMost, median, printTable } from './rounds.js';

const STREAMS = Number(process.env.STREAMS_UNDER_TEST ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_EXTRA_P99_MS = 50;

const load = await startWorkshopStreamLoad(STREAMS);
await load.readOne();

/** Runs `during` with an event-loop delay histogram on; the p99 and max in ms. */
async function lagDuring(during: () => Promise<unknown>): Promise<{ p99: number; max: number }> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await during();
  lag.disable();
  return { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
}

const peaks: number[] = [];
const cpuS: number[] = [];
const rounds = await alternatingRounds(ROUNDS, {
  idle: () => lagDuring(() => new Promise((r) => setTimeout(r, 3_000))),
  streams: () =>
    lagDuring(async () => {
      const cpuBefore = process.cpuUsage();
      const { peak, failed } = await load.runClients();
      const cpu = process.cpuUsage(cpuBefore);
      if (failed.length > 0) throw new Error(`streams failed: ${failed.slice(0, 3).join('; ')}`);
      peaks.push(peak);
      cpuS.push((cpu.user + cpu.system) / 1e6);
    }),
});
await load.close();

const idleP99 = rounds.idle.map((r) => r.p99);
const streamsP99 = rounds.streams.map((r) => r.p99);
// Each round's extra lag over the idle round next to it.
const extra = streamsP99.map((p, i) => p - idleP99[i]!);
const pass = atMost(extra, TARGET_EXTRA_P99_MS);
console.log(`\n${STREAMS} workshop streams on one BFF, ${ROUNDS} alternating rounds (idle, streams)\n`);
printTable(
  ['round', 'idle p99 ms', 'streams p99 ms', 'extra ms', 'max ms', 'peak open', 'BFF CPU s'],
  rounds.streams.map((r, i) => [
    String(i + 1),
    idleP99[i]!.toFixed(1),
    r.p99.toFixed(1),
    extra[i]!.toFixed(1),
    r.max.toFixed(1),
    String(peaks[i]),
    cpuS[i]!.toFixed(1),
  ]),
);
console.log(
  `\nMedian extra p99 lag ${median(extra).toFixed(1)} ms; target ≤ ${TARGET_EXTRA_P99_MS} ms (allowing the rounds' noise): ${pass ? 'met' : 'MISSED'}.`,
);
process.exit(pass ? 0 : 1);
