// How the benches judge: every variant is measured in the same run, in alternating rounds (A B, B A, A B, ...)
// so the machine's drift weighs on each alike, and compared on medians of rounds. A pass line allows for the
// noise one run shows (the spread between a variant's own rounds), so a tie is not a failure.

export const median = (values: number[]): number => percentile(values, 50);

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs each variant once a round, the order turning each round; returns each variant's results in round order. */
export async function alternatingRounds<K extends string, T>(
  rounds: number,
  variants: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
  const names = Object.keys(variants) as K[];
  const results = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<K, T[]>;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) results[name].push(await variants[name]());
  }
  return results;
}

/**
 * The run's own noise of a figure, relative: half the spread between its middle rounds (interquartile range)
 * over its median. Two variants whose medians differ by less than their noise are not told apart.
 */
export function relativeNoise(values: number[]): number {
  const mid = median(values);
  return mid === 0 ? 0 : (percentile(values, 75) - percentile(values, 25)) / 2 / mid;
}

/**
 * Whether `measured` is at least `factor` × `reference` (higher is better), allowing for both figures' noise
 * and a floor of `minNoise` (run-to-run noise a few rounds cannot show). Judged on medians of rounds.
 */
export function atLeast(measured: number[], reference: number[], factor = 1, minNoise = 0.05): boolean {
  const noise = allowance(minNoise, relativeNoise(measured) + relativeNoise(reference));
  return median(measured) >= factor * median(reference) * (1 - noise);
}

/** Whether `measured` (lower is better, e.g. a latency) is at most `bound`, allowing for its noise and `minNoise`. */
export function atMost(measured: number[], bound: number, minNoise = 0.05): boolean {
  return median(measured) <= bound * (1 + allowance(minNoise, relativeNoise(measured)));
}

/** The noise allowed for: at least `minNoise`, at most a quarter (a run noisier than that judges nothing). */
const allowance = (minNoise: number, noise: number) => Math.min(MAX_NOISE, Math.max(minNoise, noise));
const MAX_NOISE = 0.25;

/** Prints rows under a header, columns padded to their widest cell. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
