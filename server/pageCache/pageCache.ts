import type { Logger } from 'pino';
import { SingleFlight } from '../store/singleFlight.js';
import type { PageCacheMetrics } from './pageCacheMetrics.js';
import { bestEntry, bestFormsRoom, buildEntry, REPLAYED_HEADERS, type PageEntry } from './pageEntry.js';
import type { RenderedPage } from './renderDetached.js';
import type { TieredStore } from '../store/tieredStore.js';

/** Only these answers are kept: the page, or the market's 404 page. 503 (upstream down), 500, redirects and 401 never are. */
const STORED_STATUSES = new Set([200, 404]);
/** After a refresh that could not be kept, the stale copy is served this long before another render is tried. */
const RETRY_AFTER_FAILED_REFRESH_MS = 5_000;
/** Best-quality compressing of pages asked for again: this many at a time, off the request path; more waiting are not queued. */
const UPGRADES_AT_ONCE = 1;
const UPGRADES_WAITING = 200;

export type Lookup = { entry: PageEntry; state: 'fresh' | 'stale' } | undefined;

/** What one render gave everyone who waited for it; `stored` when it is now in the cache. */
export interface RenderOutcome {
  page: RenderedPage;
  /** Safe to send to every request with the key (no cookie set, not private, not a redirect). */
  shareable: boolean;
  stored: boolean;
  /** The page as stored (kept unless a purge came meanwhile): what the waiters are sent. */
  entry?: PageEntry;
}

/**
 * Finished pages, shared by every anonymous shopper: fresh for `ttlMs`, then served stale for
 * `staleWhileRevalidateMs` while one render refreshes them. One render per key at a time in this
 * process, however many requests arrive; a render that fails or leaves part of the page out never
 * replaces a stored page. Kept in the page store (createPageCache.ts): in this process and, when
 * configured, in Redis so containers share renders.
 */
export class PageCache {
  /** Renders under way: each settles once its entry is stored in Redis too (or found not storable), and carries the render's outcome. */
  private readonly flights = new SingleFlight<void, { rendered: Promise<RenderOutcome> }>();
  private readonly retryAt = new Map<string, number>();
  /** Bumped by every purge: a render that started before one must not store what it saw. */
  private purgeEpoch = 0;
  private readonly upgradeQueue: { key: string; entry: PageEntry }[] = [];
  private readonly upgradeWaiting = new Set<string>();
  private readonly upgradesRunning = new Set<Promise<void>>();
  /** Pages whose best forms did not fit in the room charged for them: they keep their quick forms. */
  private readonly notUpgradable = new WeakSet<PageEntry>();

  constructor(
    private readonly options: {
      store: TieredStore<PageEntry>;
      metrics: PageCacheMetrics;
      logger: Logger;
      /** Called on every purge, for caches the pages are rendered from (the layout's). */
      onPurge?: () => void;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The local copy, or Redis's when the local one is missing or no longer fresh (another container may have rendered it). */
  async lookup(key: string): Promise<Lookup> {
    const found = await this.options.store.lookup(key);
    if (!found || found === 'unavailable') return undefined;
    if (found.state === 'fresh') this.upgradeLater(key, found.value);
    return { entry: found.value, state: found.state };
  }

  /** Whether a render of the key is under way here (a request for it then costs nothing to store). */
  rendering(key: string): boolean {
    return this.flights.has(key);
  }

  /** This process's copy when it is fresh: all the fast path may send (server/pageCache/pageCacheFastPath.ts). */
  freshLocal(key: string): PageEntry | undefined {
    const local = this.options.store.freshHere(key);
    if (!local) return undefined;
    // Asked for again, here as through lookup(): the fast path answers most repeat requests.
    this.upgradeLater(key, local);
    return local;
  }

  /**
   * Renders the key once however many callers ask at the same time; each gets the same outcome. A new
   * page is kept only when the byte budget of `client` (who asked) lets it; a refresh of a kept page
   * (no client) is, when it is not over the largest entry. What is charged: what the entry takes in Redis
   * with room for its best-quality forms (bestFormsRoom), so what a client can make Redis hold is what it paid for.
   */
  render(key: string, renderPage: () => Promise<RenderedPage>, client?: string): Promise<RenderOutcome> {
    const running = this.flights.of(key);
    if (running) return running.rendered;
    const epoch = this.purgeEpoch;
    const rendered = renderPage().then(async (page) => {
      const headerCacheControl = page.headers['cache-control'] ?? '';
      // A redirect carries the asker's own query on (tracking parameters included), so each asker gets their own.
      const shareable =
        !page.setsCookie && !/private|no-store/.test(headerCacheControl) && (page.status < 300 || page.status >= 400);
      const storable = shareable && STORED_STATUSES.has(page.status) && !page.incomplete;
      if (!storable) return { page, shareable, stored: false };
      const room = client === undefined ? {} : { client, roomBytes: bestFormsRoom({ identity: page.body }) };
      if (!(await this.options.store.admit(key, page.body.length, room))) return { page, shareable, stored: false };
      // Built (its ETag hashed) only once it is kept; not compressed here: the waiters' encodings are made once each as they are sent (entryBody).
      const entry = buildEntry({ status: page.status, headers: replayed(page.headers), body: page.body }, this.now());
      // Purged while rendering: what it saw may be the old content, so it is sent but not kept.
      if (epoch === this.purgeEpoch) this.options.store.here.set(key, entry, this.options.store.lifetimeLeft(entry));
      return { page, shareable, stored: true, entry };
    });
    const done = rendered
      .then(async (outcome) => {
        if (outcome.entry && epoch === this.purgeEpoch) await this.options.store.share(key, outcome.entry);
      })
      .catch((err: unknown) => this.options.logger.warn({ err, key }, 'page cache: render or store failed'));
    void this.flights.start(key, done, { rendered });
    return rendered;
  }

  /** Refreshes a stale key in the background; the stale copy stays when the render fails or is not storable. */
  refresh(key: string, renderPage: () => Promise<RenderedPage>): void {
    if (this.flights.has(key) || (this.retryAt.get(key) ?? 0) > this.now()) return;
    this.render(key, renderPage).then(
      (outcome) => {
        if (outcome.stored) this.retryAt.delete(key);
        else this.backOff(key, `status ${outcome.page.status}${outcome.page.incomplete ? ', incomplete' : ''}`);
      },
      (err: unknown) => this.backOff(key, err instanceof Error ? err.message : String(err)),
    );
  }

  private backOff(key: string, why: string): void {
    this.options.logger.warn({ key, why }, 'page cache: refresh not kept, the stale page is still served');
    this.retryAt.set(key, this.now() + RETRY_AFTER_FAILED_REFRESH_MS);
    if (this.retryAt.size > 10_000) this.retryAt.clear();
  }

  /** Waits for every render under way to be stored, and every best-quality compressing (tests and shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.flights.running());
    while (this.upgradesRunning.size > 0) await Promise.all(this.upgradesRunning);
  }

  /**
   * A page asked for again gets its best-quality forms (brotli 11, gzip 9), one page at a time in
   * the background: what a page asked for once costs stays the price of an uncached answer.
   */
  private upgradeLater(key: string, entry: PageEntry): void {
    if (
      entry.br ||
      this.notUpgradable.has(entry) ||
      this.upgradeWaiting.has(key) ||
      this.upgradeWaiting.size >= UPGRADES_WAITING
    )
      return;
    this.upgradeWaiting.add(key);
    this.upgradeQueue.push({ key, entry });
    this.nextUpgrade();
  }

  private nextUpgrade(): void {
    if (this.upgradesRunning.size >= UPGRADES_AT_ONCE) return;
    const job = this.upgradeQueue.shift();
    if (!job) return;
    const epoch = this.purgeEpoch;
    const running: Promise<void> = bestEntry(job.entry)
      .then(async (best) => {
        // Only over the very copy it was made from: not after a purge, a refresh or an eviction.
        const current = this.options.store.here.get(job.key);
        if (epoch !== this.purgeEpoch || current?.storedAt !== job.entry.storedAt || current.etag !== job.entry.etag)
          return;
        // Only within the room its client was charged for: the quick forms stay otherwise.
        if ((best.br?.length ?? 0) + (best.gzip?.length ?? 0) > bestFormsRoom(job.entry))
          return void this.notUpgradable.add(current);
        this.options.store.here.set(job.key, best, this.options.store.lifetimeLeft(best));
        await this.options.store.share(job.key, best);
      })
      .catch((err: unknown) =>
        this.options.logger.warn({ err, key: job.key }, 'page cache: best-quality compressing failed'),
      )
      .finally(() => {
        this.upgradeWaiting.delete(job.key);
        this.upgradesRunning.delete(running);
        this.nextUpgrade();
      });
    this.upgradesRunning.add(running);
  }

  /** Drops this process's copies under the key prefixes ('' is everything); renders under way will not be stored. */
  purgeLocal(prefixes: readonly string[]): number {
    this.purgeEpoch++;
    this.retryAt.clear();
    this.options.onPurge?.();
    return this.options.store.purgeHere(prefixes);
  }

  /** Drops the shared copies too (the other containers drop theirs when told: pageCachePurge.ts). */
  async purge(prefixes: readonly string[]): Promise<number> {
    const dropped = this.purgeLocal(prefixes);
    // A best-quality copy being written to Redis now would land after the purge: let it land first.
    await Promise.all(this.upgradesRunning);
    await this.options.store.purgeShared(prefixes);
    return dropped;
  }

  get stats(): { bytes: number; entries: number } {
    return { bytes: this.options.store.here.bytes, entries: this.options.store.here.size };
  }
}

function replayed(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
  return kept;
}
