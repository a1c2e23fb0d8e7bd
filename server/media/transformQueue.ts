/** Thrown when a job gets no place in line (or loses it to a newcomer): the caller answers 503 with Retry-After. */
export class TransformQueueFull extends Error {
  constructor(readonly retryAfterS: number) {
    super('the picture transforms are busy');
    this.name = 'TransformQueueFull';
  }
}

/**
 * Asked before a job takes a place (the decode gate: does its decode fit in memory now?). While it
 * says no, the job keeps its turn and nothing else starts (a heavy job is never starved by light ones);
 * call `wake()` when the answer may have changed.
 */
export interface StartGate {
  mayStart(job: { client: string; background: boolean; cost: number | undefined }): boolean;
}

export interface QueueLimits {
  /** Transforms at once: one per core. */
  running: number;
  /** Shoppers' transforms waiting, all clients together. */
  waiting: number;
  /** Background transforms (AVIFs nobody waits for) waiting, all clients together. */
  backgroundWaiting: number;
  /** Background transforms at once: the rest of the places stay with the transforms shoppers wait for. */
  backgroundRunning: number;
  /** What a refused job's answer tells the browser to wait. */
  retryAfterS: number;
}

interface Waiting {
  client: string;
  background: boolean;
  cost: number | undefined;
  start(): void;
  refuse(err: Error): void;
}

/** One client's jobs: its own lines (shoppers' first), how many it runs, and when it last got a place. */
interface ClientLine {
  shopper: Waiting[];
  background: Waiting[];
  running: number;
  lastStarted: number;
}

/**
 * The transform places, shared fairly among the clients that want them. At most `running` jobs run (one
 * per core: libvips work is CPU, and more at once only share the cores and hold more pictures in memory).
 * The rest wait, each client in a line of its own; a free place goes to the client running the fewest
 * jobs, among equals the one that got a place longest ago, so a newcomer's job is next whatever the others
 * have waiting, and each flooding client gets one turn in as many. Waiting is bounded in total; when it is
 * full a new job still gets its place in line, taken from the client with the most waiting (its newest
 * job is refused), and is refused only when its own client is the one with the most.
 *
 * Background jobs (AVIFs made for the next view) wait in lines of their own behind the same client's
 * shopper jobs, take turns with everyone else's, and hold at most `backgroundRunning` places: they get
 * their share of the cores during a flood, and never all of them.
 */
export class TransformQueue {
  private readonly lines = new Map<string, ClientLine>();
  private active = 0;
  private backgroundActive = 0;
  private shopperWaiting = 0;
  private backgroundWaiting = 0;
  /** Counts places given, for "longest ago". */
  private turns = 0;

  constructor(
    private readonly limits: QueueLimits,
    private readonly gate?: StartGate,
  ) {}

  /**
   * Runs `job` once it has a place. Throws TransformQueueFull when it gets no place in line or loses it
   * to a newcomer, and the signal's reason when `signal` aborts before it starts.
   */
  async run<T>(
    client: string,
    job: () => Promise<T>,
    options: { background?: boolean; cost?: number; signal?: AbortSignal } = {},
  ): Promise<T> {
    const background = options.background ?? false;
    await this.place(client, background, options.cost, options.signal);
    try {
      return await job();
    } finally {
      this.active--;
      if (background) this.backgroundActive--;
      const line = this.lines.get(client);
      if (line) {
        line.running--;
        this.dropIfIdle(client, line);
      }
      this.dispatch();
    }
  }

  /** Looks again for a job to start: the gate's answer may have changed. */
  wake(): void {
    this.dispatch();
  }

  get stats(): { running: number; waiting: number; backgroundRunning: number; backgroundWaiting: number } {
    return {
      running: this.active,
      waiting: this.shopperWaiting,
      backgroundRunning: this.backgroundActive,
      backgroundWaiting: this.backgroundWaiting,
    };
  }

  /** How many jobs `client` has running and waiting (for tests and metrics). */
  heldBy(client: string): { running: number; waiting: number; backgroundWaiting: number } {
    const line = this.lines.get(client);
    return {
      running: line?.running ?? 0,
      waiting: line?.shopper.length ?? 0,
      backgroundWaiting: line?.background.length ?? 0,
    };
  }

  private place(client: string, background: boolean, cost: number | undefined, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      let line = this.lines.get(client);
      if (!line) {
        line = { shopper: [], background: [], running: 0, lastStarted: 0 };
        this.lines.set(client, line);
      }
      const onAbort = () => {
        if (this.remove(waiting)) reject(signal?.reason as Error);
      };
      const waiting: Waiting = {
        client,
        background,
        cost,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refuse: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      (background ? line.background : line.shopper).push(waiting);
      if (background) this.backgroundWaiting++;
      else this.shopperWaiting++;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.dispatch();
      if (
        background ? this.backgroundWaiting > this.limits.backgroundWaiting : this.shopperWaiting > this.limits.waiting
      )
        this.evict(background, client);
    });
  }

  /** The line is over its bound: the newest job of the client with the most waiting loses its place (the newcomer's own on a tie). */
  private evict(background: boolean, newcomer: string): void {
    const lane = (line: ClientLine) => (background ? line.background : line.shopper);
    let victim = this.lines.get(newcomer);
    for (const line of this.lines.values()) if (lane(line).length > (victim ? lane(victim).length : 0)) victim = line;
    const job = victim && lane(victim).at(-1);
    if (!job) return;
    this.remove(job);
    job.refuse(new TransformQueueFull(this.limits.retryAfterS));
  }

  /** Takes a waiting job out of its line; false when it is not waiting any more. */
  private remove(job: Waiting): boolean {
    const line = this.lines.get(job.client);
    const lane = job.background ? line?.background : line?.shopper;
    const at = lane?.indexOf(job) ?? -1;
    if (!line || !lane || at < 0) return false;
    lane.splice(at, 1);
    if (job.background) this.backgroundWaiting--;
    else this.shopperWaiting--;
    this.dropIfIdle(job.client, line);
    return true;
  }

  /** Gives free places to the next jobs in turn. */
  private dispatch(): void {
    while (this.active < this.limits.running) {
      const job = this.next();
      if (!job || (this.gate && !this.gate.mayStart(job))) return;
      // Counted as running before it leaves its line, so the line is not dropped as idle in between.
      const line = this.lines.get(job.client)!;
      line.running++;
      line.lastStarted = ++this.turns;
      this.remove(job);
      this.active++;
      if (job.background) this.backgroundActive++;
      job.start();
    }
  }

  /** The next job in turn: of the client running the fewest, among equals the one served longest ago; its shopper jobs first. */
  private next(): Waiting | undefined {
    const backgroundMayRun = this.backgroundActive < this.limits.backgroundRunning;
    let best: ClientLine | undefined;
    for (const line of this.lines.values()) {
      if (line.shopper.length === 0 && !(backgroundMayRun && line.background.length > 0)) continue;
      if (
        !best ||
        line.running < best.running ||
        (line.running === best.running && line.lastStarted < best.lastStarted)
      )
        best = line;
    }
    return best && (best.shopper[0] ?? best.background[0]);
  }

  private dropIfIdle(client: string, line: ClientLine): void {
    if (line.running === 0 && line.shopper.length === 0 && line.background.length === 0) this.lines.delete(client);
  }
}
