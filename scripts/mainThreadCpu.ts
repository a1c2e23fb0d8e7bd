// What a page's main thread really ran in a Lighthouse trace, apart from the time it waited for a core.
// Lighthouse mobile simulates the phone: it takes each main-thread task's observed wall time and multiplies it (4×,
// 2× for a task that lays out). On a machine whose cores are busy with other work, a task's wall time holds the
// time its renderer was not running (a car list's first layout: 146 ms wall, 16.5 ms of CPU at load 13), and the
// simulation multiplies that too. Trace events carry both: `dur` (wall) and `tdur` (the thread's CPU time).

/** Lighthouse's simulated throttling (Lantern): the CPU slowdown, halved for a task that lays out. */
const CPU_SLOWDOWN = 4;
const LAYOUT_SLOWDOWN = CPU_SLOWDOWN / 2;
const BLOCKING_FROM_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string }; beginData?: { url?: string } };
}

export interface MainThreadCpu {
  /** Every task's wall time added up (ms), as observed on this machine. */
  wallMs: number;
  /** Every task's CPU time added up (ms): what the page itself cost the machine's core. */
  cpuMs: number;
  /** The longest task's CPU time (ms), unthrottled. */
  longestTaskCpuMs: number;
  /**
   * Total blocking time as Lighthouse would simulate it from CPU time instead of wall time (ms): each task after
   * the observed first contentful paint, its CPU time slowed as Lantern slows it, over 50 ms. What the page would
   * score on a machine with a core to itself; an estimate (Lantern also moves tasks with the simulated network).
   */
  blockingFromCpuMs: number;
}

/** The main thread of the page at `url` (the renderer's thread that parsed it) in a Lighthouse trace's events. */
export function mainThreadCpu(trace: { traceEvents: readonly unknown[] }, url: string): MainThreadCpu | undefined {
  const events = trace.traceEvents as TraceEvent[];
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (!parse) return undefined;
  const own = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid)?.ts ?? 0;
  const tasks = own.filter((e) => e.name === 'RunTask');
  const layouts = own.filter((e) => e.name === 'Layout');
  const laysOut = (task: TraceEvent) =>
    layouts.some((l) => l.ts >= task.ts && l.ts + (l.dur ?? 0) <= task.ts + (task.dur ?? 0));
  let wallUs = 0;
  let cpuUs = 0;
  let longestUs = 0;
  let blockingMs = 0;
  for (const task of tasks) {
    const cpu = task.tdur ?? task.dur ?? 0;
    wallUs += task.dur ?? 0;
    cpuUs += cpu;
    longestUs = Math.max(longestUs, cpu);
    if (task.ts < fcp) continue;
    const simulatedMs = (cpu / 1000) * (laysOut(task) ? LAYOUT_SLOWDOWN : CPU_SLOWDOWN);
    blockingMs += Math.max(0, simulatedMs - BLOCKING_FROM_MS);
  }
  return {
    wallMs: wallUs / 1000,
    cpuMs: cpuUs / 1000,
    longestTaskCpuMs: longestUs / 1000,
    blockingFromCpuMs: blockingMs,
  };
}
