import type { Market } from '../../../markets/schema.js';

/** What the app answered to one GET on a market's host. */
export interface PageAnswer {
  status: number;
  location: string | null;
  body: string;
}

/** One GET through the app with the market's host; redirects are not followed. */
export type GetPage = (market: Market, pathWithQuery: string) => Promise<PageAnswer>;

const MAX_HOPS = 10;

/** Follows redirects the way a browser would, on the same host, until a page answers; its status and path. */
export async function followToEnd(get: GetPage, market: Market, start: string): Promise<{ status: number; path: string; hops: number }> {
  let path = start;
  for (let hops = 0; ; hops++) {
    const answer = await get(market, path);
    if (answer.status < 300 || answer.status > 399 || !answer.location) return { status: answer.status, path, hops };
    if (hops === MAX_HOPS) return { status: answer.status, path: `${path} (more than ${MAX_HOPS} redirects)`, hops };
    const next = new URL(answer.location, 'http://same.host');
    if (next.host !== 'same.host') return { status: answer.status, path: `${answer.location} (off the site)`, hops };
    path = next.pathname + next.search;
  }
}

/** Runs `work` over items a few at a time: the app under check shares the machine with the checker. */
export async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>, width = 6): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
