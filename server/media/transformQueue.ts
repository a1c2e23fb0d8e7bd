/** Thrown when the queue has no place: the caller answers 503 with Retry-After. */
export class TransformQueueFull extends Error {
  constructor(readonly retryAfterS: number) {
    super('the picture transforms are busy');
    this.name = 'TransformQueueFull';
  }
}

/**
 * Transforms at most `running` at a time (one per core: libvips work is CPU, and more at once only
 * share the cores and hold more pictures in memory), the rest waiting in order up to `waiting`; beyond
 * that a new one is refused at once. One client may hold at most `perClient` places, running or
 * waiting, so one client cannot fill the queue for every other shopper (a car list's pictures from one
 * browser, about 24, fit).
 */
export class TransformQueue {
  private active = 0;
  private readonly queue: Array<() => void> = [];
  private readonly heldBy = new Map<string, number>();

  constructor(private readonly limits: { running: number; waiting: number; perClient: number; retryAfterS: number }) {}

  /** Whether a new job from `client` would be taken now (checked before fetching its original). */
  hasRoom(client: string): boolean {
    return (
      (this.active < this.limits.running || this.queue.length < this.limits.waiting) &&
      (this.heldBy.get(client) ?? 0) < this.limits.perClient
    );
  }

  /** Runs `job` when a place is free; throws TransformQueueFull when none is, or the client holds its share. */
  async run<T>(client: string, job: () => Promise<T>): Promise<T> {
    if (!this.hasRoom(client)) throw new TransformQueueFull(this.limits.retryAfterS);
    this.heldBy.set(client, (this.heldBy.get(client) ?? 0) + 1);
    try {
      if (this.active >= this.limits.running) await new Promise<void>((start) => this.queue.push(start));
      else this.active++;
      try {
        return await job();
      } finally {
        const next = this.queue.shift();
        // The place passes straight to the next job: `active` stays as it is.
        if (next) next();
        else this.active--;
      }
    } finally {
      const held = (this.heldBy.get(client) ?? 1) - 1;
      if (held > 0) this.heldBy.set(client, held);
      else this.heldBy.delete(client);
    }
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }
}
