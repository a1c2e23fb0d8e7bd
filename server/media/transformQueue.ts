/** Thrown when a job got no place in line in time: the caller answers 503 with Retry-After. */
export class TransformQueueFull extends Error {
  constructor(readonly retryAfterS: number) {
    super('the picture transforms are busy');
    this.name = 'TransformQueueFull';
  }
}

export interface QueueLimits {
  /** Transforms at once: one per core. */
  running: number;
  /** Shoppers' transforms waiting in line, all clients together. */
  waiting: number;
  /** How long a shopper's transform with no place in line waits outside for one before it is refused. */
  outsideMs: number;
  /** Background transforms (AVIFs nobody waits for) waiting, all clients together. */
  backgroundWaiting: number;
  /** Background transforms at once: the rest of the places stay with the transforms shoppers wait for. */
  backgroundRunning: number;
  /** What a refused job's answer tells the browser to wait. */
  retryAfterS: number;
}

type Lane = 'shopper' | 'background' | 'outside';

interface Waiting {
  client: string;
  background: boolean;
  lane: Lane;
  start(): void;
  refuse(err: Error): void;
  timer?: NodeJS.Timeout;
}

/** One client's jobs: its lines (shoppers' first), those waiting outside for a place in line, how many it runs, and when it last got a place. */
interface ClientLine {
  shopper: Waiting[];
  background: Waiting[];
  outside: Waiting[];
  running: number;
  lastStarted: number;
}

/**
 * The transform places, shared fairly among the clients that want them. At most `running` jobs run (one
 * per core: libvips work is CPU, and more at once only share the cores and hold more pictures in memory;
 * inside its place a decode still waits for its memory at the decode gate, server/media/transform/decodeGate.ts).
 * The rest wait, each client in a line of its own; a free place goes to the client running the fewest
 * jobs, among equals the one that got a place longest ago, so a newcomer's job is next whatever the others
 * have waiting, and each flooding client gets one turn in as many.
 *
 * The lines hold `waiting` jobs in all. When they are full a new job still gets its place, taken from the
 * client with the most waiting, whose newest job steps outside; a job whose own client has the most steps
 * outside itself. Outside, a job waits up to `outsideMs` and gets back in as places in line free up, the
 * client with the fewest in line first; then it is refused. Each client keeps a fair share of the line,
 * a shopper's car list is made during a flood in its turns, and what a flooder asks beyond its share is
 * refused after a short wait.
 *
 * Background jobs (AVIFs made for the next view) wait in lines of their own behind the same client's
 * shopper jobs, take turns with everyone else's, and hold at most `backgroundRunning` places: they get
 * their share of the cores during a flood, and never all of them. Past `backgroundWaiting` the client
 * with the most waiting loses its newest (it is asked for again by the next request that wants it).
 */
export class TransformQueue {
  private readonly lines = new Map<string, ClientLine>();
  private active = 0;
  private backgroundActive = 0;
  private readonly count: Record<Lane, number> = { shopper: 0, background: 0, outside: 0 };
  /** Counts places given, for "longest ago". */
  private turns = 0;

  constructor(private readonly limits: QueueLimits) {}

  /** What a refused job's answer tells the browser to wait. */
  get retryAfterS(): number {
    return this.limits.retryAfterS;
  }

  /**
   * Runs `job` once it has a place. Throws TransformQueueFull when it gets no place in line in time (at
   * once with `outsideMs` 0), and the signal's reason when `signal` aborts before it starts.
   */
  async run<T>(
    client: string,
    job: () => Promise<T>,
    options: { background?: boolean; signal?: AbortSignal } = {},
  ): Promise<T> {
    const background = options.background ?? false;
    await this.place(client, background, options.signal);
    try {
      return await job();
    } finally {
      this.active--;
      if (background) this.backgroundActive--;
      const line = this.lines.get(client)!;
      line.running--;
      this.dropIfIdle(client, line);
      this.pump();
    }
  }

  get stats(): {
    running: number;
    waiting: number;
    outside: number;
    backgroundRunning: number;
    backgroundWaiting: number;
  } {
    return {
      running: this.active,
      waiting: this.count.shopper,
      outside: this.count.outside,
      backgroundRunning: this.backgroundActive,
      backgroundWaiting: this.count.background,
    };
  }

  /** How many jobs `client` has running, in line, outside it and in the background line. */
  heldBy(client: string): { running: number; waiting: number; outside: number; backgroundWaiting: number } {
    const line = this.lines.get(client);
    return {
      running: line?.running ?? 0,
      waiting: line?.shopper.length ?? 0,
      outside: line?.outside.length ?? 0,
      backgroundWaiting: line?.background.length ?? 0,
    };
  }

  private place(client: string, background: boolean, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        if (!this.remove(job)) return;
        settle();
        reject(signal?.reason as Error);
        this.pump();
      };
      const settle = () => {
        clearTimeout(job.timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const job: Waiting = {
        client,
        background,
        lane: background ? 'background' : 'shopper',
        start: () => (settle(), resolve()),
        refuse: (err) => (settle(), reject(err)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.add(job);
      this.pump();
      if (background && this.count.background > this.limits.backgroundWaiting) this.evictBackground(client);
      if (!background && this.count.shopper > this.limits.waiting) this.makeRoomFor(job);
    });
  }

  /** The shopper line is over its bound with `job` in it: a larger client's newest steps outside, else `job` does. */
  private makeRoomFor(job: Waiting): void {
    const own = this.lines.get(job.client)!;
    const victim = this.largest('shopper');
    const larger = victim && victim !== own && victim.shopper.length > own.shopper.length;
    this.stepOutside(larger ? victim.shopper.at(-1)! : job);
  }

  /** A job loses its place in line: it waits outside (first of its client's there) for `outsideMs`, then is refused. */
  private stepOutside(job: Waiting): void {
    if (this.limits.outsideMs <= 0) return this.refuse(job);
    this.remove(job);
    job.lane = 'outside';
    this.add(job, true);
    clearTimeout(job.timer);
    job.timer = setTimeout(() => this.refuse(job), this.limits.outsideMs);
    job.timer.unref();
  }

  /** The background line is over its bound: the newest job of the client with the most waiting there goes (the newcomer's own on a tie). */
  private evictBackground(newcomer: string): void {
    let victim = this.lines.get(newcomer)!;
    for (const line of this.lines.values()) if (line.background.length > victim.background.length) victim = line;
    const job = victim.background.at(-1);
    if (job) this.refuse(job);
  }

  /**
   * Lets jobs waiting outside into the line while it has room, or while a client has at least two more in
   * line than theirs (its newest steps outside in exchange): the client with the fewest in line first.
   */
  private admitOutside(): boolean {
    let admitted = false;
    for (;;) {
      let next: ClientLine | undefined;
      for (const line of this.lines.values())
        if (line.outside.length > 0 && (!next || line.shopper.length < next.shopper.length)) next = line;
      if (!next) return admitted;
      if (this.count.shopper >= this.limits.waiting) {
        const victim = this.largest('shopper');
        if (!victim || victim.shopper.length <= next.shopper.length + 1) return admitted;
        this.stepOutside(victim.shopper.at(-1)!);
      }
      const job = next.outside[0]!;
      this.remove(job);
      clearTimeout(job.timer);
      job.lane = 'shopper';
      this.add(job);
      admitted = true;
    }
  }

  private largest(lane: 'shopper' | 'background'): ClientLine | undefined {
    let largest: ClientLine | undefined;
    for (const line of this.lines.values()) if (line[lane].length > (largest?.[lane].length ?? 0)) largest = line;
    return largest;
  }

  private refuse(job: Waiting): void {
    if (this.remove(job)) job.refuse(new TransformQueueFull(this.limits.retryAfterS));
  }

  private add(job: Waiting, first = false): void {
    let line = this.lines.get(job.client);
    if (!line) {
      line = { shopper: [], background: [], outside: [], running: 0, lastStarted: 0 };
      this.lines.set(job.client, line);
    }
    if (first) line[job.lane].unshift(job);
    else line[job.lane].push(job);
    this.count[job.lane]++;
  }

  /** Takes a waiting job out of wherever it waits; false when it is not waiting any more. */
  private remove(job: Waiting): boolean {
    const line = this.lines.get(job.client);
    const at = line?.[job.lane].indexOf(job) ?? -1;
    if (!line || at < 0) return false;
    line[job.lane].splice(at, 1);
    this.count[job.lane]--;
    this.dropIfIdle(job.client, line);
    return true;
  }

  /** Starts what the free places allow, and lets waiting jobs into the line as it empties. */
  private pump(): void {
    do this.dispatch();
    while (this.admitOutside());
  }

  /** Gives free places to the next jobs in turn. */
  private dispatch(): void {
    while (this.active < this.limits.running) {
      const job = this.next();
      if (!job) return;
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
    if (line.running === 0 && line.shopper.length + line.background.length + line.outside.length === 0)
      this.lines.delete(client);
  }
}
