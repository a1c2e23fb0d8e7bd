import { mainThreadCpu } from '../../scripts/mainThreadCpu.js';

const URL = 'http://se.localhost/kop-bil/sok-bil';
const MAIN = { pid: 7, tid: 1 };
const task = (ts: number, dur: number, tdur: number) => ({ name: 'RunTask', ph: 'X', ...MAIN, ts, dur, tdur });

/** A page's renderer: a parse before the first paint, then a script task, a layout task and a task that waited. */
const trace = {
  traceEvents: [
    task(0, 30_000, 30_000),
    { name: 'ParseHTML', ph: 'X', ...MAIN, ts: 100, dur: 20_000, tdur: 20_000, args: { beginData: { url: URL } } },
    { name: 'firstContentfulPaint', ph: 'R', pid: 7, tid: 1, ts: 40_000 },
    // CPU 20 ms: Lighthouse's 4× makes 80 ms, 30 of them blocking.
    task(50_000, 20_000, 20_000),
    // A layout task of 30 ms CPU: slowed 2×, 60 ms, 10 blocking.
    task(100_000, 30_000, 30_000),
    { name: 'Layout', ph: 'X', ...MAIN, ts: 101_000, dur: 20_000, tdur: 20_000 },
    // 150 ms on the clock while the renderer waited for a core, 5 ms of it running: not blocking.
    task(200_000, 150_000, 5_000),
    // Another process's thread is not the page's.
    { ...task(60_000, 90_000, 90_000), pid: 8 },
  ],
};

describe("a page's main thread in a Lighthouse trace", () => {
  it('adds up wall and CPU time and counts blocking time from CPU time, as Lighthouse slows each task', () => {
    expect(mainThreadCpu(trace, URL)).toEqual({
      wallMs: 230,
      cpuMs: 85,
      longestTaskCpuMs: 30,
      blockingFromCpuMs: 40,
    });
  });

  it('finds nothing for a page the trace did not load', () => {
    expect(mainThreadCpu(trace, 'http://se.localhost/other')).toBeUndefined();
  });
});
