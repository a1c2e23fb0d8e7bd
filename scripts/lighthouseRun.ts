import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';

/** How many times a run whose trace missed the navigation's start is made again before its error stands. */
const NO_NAVSTART_RETRIES = 2;

/**
 * One Lighthouse run for a bench or the audit. Now and then (2 of 6 runs on an idle machine, a Chromium kept across
 * runs) Lighthouse's trace misses the navigation's start and it measures nothing (runtimeError NO_NAVSTART): that run
 * is made again, at most twice, and `retries` says how often, for the table.
 */
export async function lighthouseRun(
  url: string,
  flags: Flags,
): Promise<{ result: RunnerResult | undefined; retries: number }> {
  for (let retries = 0; ; retries++) {
    const result = await lighthouse(url, flags);
    if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART' || retries === NO_NAVSTART_RETRIES) return { result, retries };
  }
}
