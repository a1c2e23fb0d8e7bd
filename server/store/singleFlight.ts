/**
 * Work run once per key at a time in this process: whoever asks for a key while its work runs gets
 * the same promise, and the key is free again once that settles. The one map of promises in flight
 * of server/ (searches, layouts, pages, picture variants and their AVIFs and intermediates). `Extra`
 * rides along with a flight (who started it, a second promise its starter hands out).
 */
export class SingleFlight<T, Extra extends object = object> {
  private readonly flights = new Map<string, Extra & { promise: Promise<T> }>();

  /** The flight of `key` under way, if any. */
  of(key: string): (Extra & { promise: Promise<T> }) | undefined {
    return this.flights.get(key);
  }

  has(key: string): boolean {
    return this.flights.has(key);
  }

  get size(): number {
    return this.flights.size;
  }

  /** The promises under way (to wait for them all: tests and shutdown). */
  running(): Array<Promise<T>> {
    return [...this.flights.values()].map((flight) => flight.promise);
  }

  /** Shares `work` under `key` until it settles; the promise handed out settles after the key is free. */
  start(key: string, work: Promise<T>, extra = {} as Extra): Promise<T> {
    const flight: Extra & { promise: Promise<T> } = {
      ...extra,
      promise: work.finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }),
    };
    this.flights.set(key, flight);
    return flight.promise;
  }

  /** The work under way for `key`, or `begin`'s, started now. */
  join(key: string, begin: () => Promise<T>): Promise<T> {
    return this.flights.get(key)?.promise ?? this.start(key, begin());
  }
}
