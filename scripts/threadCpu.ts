import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds each of a process's threads used, by thread name (Linux's /proc; none elsewhere): the loop's own against its helpers'. */
export function threadCpuSeconds(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const named = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/(?<!\d)\d+$/, '');
      // The event loop's thread is the process's own id; libuv's pool and V8's helpers are named `node` too.
      const name = task === String(pid) ? 'event loop' : named === 'node' ? 'pool and V8 helpers' : named;
      const [utime, stime] = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(11, 13)
        .map(Number);
      byName.set(name, (byName.get(name) ?? 0) + (utime! + stime!) / 100);
    }
  } catch {
    // not Linux
  }
  return byName;
}
