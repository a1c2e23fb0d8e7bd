import { jest } from '@jest/globals';
import { TransformQueue, TransformQueueFull, type QueueLimits } from '../../../server/media/transformQueue.js';

/**
 * The transform places shared among clients: jobs here are promises the test ends by hand, so what
 * runs, waits or is refused is seen as it happens, without timing anything.
 */

const LIMITS: QueueLimits = {
  running: 2,
  waiting: 48,
  outsideMs: 60_000,
  backgroundWaiting: 64,
  backgroundRunning: 1,
  retryAfterS: 2,
};

/** Jobs submitted to one queue, in the order they started, each ended by the test. */
function harness(limits: Partial<QueueLimits> = {}) {
  const queue = new TransformQueue({ ...LIMITS, ...limits });
  const started: string[] = [];
  const running = new Map<string, () => void>();
  const outcomes = new Map<string, 'done' | 'refused' | 'aborted'>();
  let n = 0;
  const submit = (client: string, options: { background?: boolean; signal?: AbortSignal } = {}) => {
    const name = `${client}${options.background ? ':bg' : ''}#${++n}`;
    const done = queue
      .run(
        client,
        () =>
          new Promise<void>((end) => {
            started.push(name);
            running.set(name, end);
          }),
        options,
      )
      .then(
        () => outcomes.set(name, 'done'),
        (err: unknown) => outcomes.set(name, err instanceof TransformQueueFull ? 'refused' : 'aborted'),
      );
    return { name, done };
  };
  /** Ends the job that started first among those still running, and lets the queue hand its place on. */
  const finishOldest = async () => {
    const [name, end] = running.entries().next().value!;
    running.delete(name);
    end();
    await settle();
  };
  return { queue, started, outcomes, submit, finishOldest, running };
}

/** Lets resolved promises run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));
const clientOf = (name: string) => name.split(/[:#]/)[0];

describe('the transform places', () => {
  it("give a newcomer's job a place in line, and a place before any flooder gets its second, however many clients flood", async () => {
    const q = harness();
    for (let i = 0; i < 30; i++) for (const flooder of ['f1', 'f2', 'f3', 'f4']) q.submit(flooder);
    await settle();
    expect(q.queue.stats).toMatchObject({ running: 2, waiting: 48 });
    const newcomer = q.submit('shopper');
    await settle();
    expect(q.outcomes.get(newcomer.name)).toBeUndefined();
    expect(q.queue.heldBy('shopper')).toEqual({ running: 0, waiting: 1, outside: 0, backgroundWaiting: 0 });
    // Each flooder gets one turn in as many: the newcomer starts before any of them gets a second place.
    while (!q.started.includes(newcomer.name)) await q.finishOldest();
    expect(q.started.map(clientOf)).toEqual(['f1', 'f2', 'f3', 'f4', 'shopper']);
  });

  it("take a full line's place from the client with the most waiting, and refuse that client's own next job", async () => {
    const q = harness({ waiting: 6, outsideMs: 0 });
    const flood = Array.from({ length: 8 }, () => q.submit('flooder'));
    const other = [q.submit('other'), q.submit('other')];
    await settle();
    // Two run, six wait: the flood's last two lost their places to the other client's two.
    expect(flood.map((j) => q.outcomes.get(j.name))).toEqual([
      ...Array<undefined>(6).fill(undefined),
      'refused',
      'refused',
    ]);
    expect(other.map((j) => q.outcomes.get(j.name))).toEqual([undefined, undefined]);
    // The flooder holds the most waiting (4 against 2): its new job is refused, not another's.
    const more = q.submit('flooder');
    await settle();
    expect(q.outcomes.get(more.name)).toBe('refused');
    expect(q.queue.heldBy('other').waiting).toBe(2);
  });

  it("let a shopper's whole car list in during a flood: what finds the line full waits outside and gets in as it empties", async () => {
    const q = harness({ running: 2, waiting: 8 });
    for (let i = 0; i < 6; i++) for (const flooder of ['f1', 'f2']) q.submit(flooder);
    await settle();
    expect(q.queue.stats).toMatchObject({ running: 2, waiting: 8 });
    const list = Array.from({ length: 12 }, () => q.submit('shopper'));
    await settle();
    // Two took places from the flooders (4 and 4 in line, down to 3 and 3), ten wait outside.
    expect(q.queue.heldBy('shopper')).toEqual({ running: 0, waiting: 2, outside: 10, backgroundWaiting: 0 });
    // The flooders go on asking meanwhile.
    q.submit('f1');
    q.submit('f2');
    for (let i = 0; i < 40 && !list.every((j) => q.started.includes(j.name)); i++) await q.finishOldest();
    expect(
      list.map((j) => q.outcomes.get(j.name) ?? (q.started.includes(j.name) ? 'started' : 'waiting')),
    ).not.toContain('refused');
    expect(list.every((j) => q.started.includes(j.name))).toBe(true);
  });

  it('refuse a job that waited outside the line for its time', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const q = harness({ running: 1, waiting: 1, outsideMs: 5_000 });
      q.submit('flooder');
      q.submit('flooder');
      const outside = q.submit('flooder');
      await settle();
      expect(q.queue.heldBy('flooder')).toMatchObject({ waiting: 1, outside: 1 });
      jest.advanceTimersByTime(4_999);
      await settle();
      expect(q.outcomes.get(outside.name)).toBeUndefined();
      jest.advanceTimersByTime(1);
      await settle();
      expect(q.outcomes.get(outside.name)).toBe('refused');
      expect(q.queue.stats.outside).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('go to the waiting clients in turn, the one running the fewest first', async () => {
    const q = harness({ running: 1 });
    for (let i = 0; i < 4; i++) for (const client of ['a', 'b', 'c']) q.submit(client);
    await settle();
    for (let i = 0; i < 9; i++) await q.finishOldest();
    expect(q.started.slice(0, 10).map(clientOf)).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('give background work (AVIFs) its turn while shoppers flood, at most its share of places at once', async () => {
    const q = harness({ running: 2, backgroundRunning: 1 });
    for (let i = 0; i < 20; i++) for (const flooder of ['f1', 'f2']) q.submit(flooder);
    const avifs = [q.submit('shopper', { background: true }), q.submit('shopper', { background: true })];
    await settle();
    await q.finishOldest();
    expect(q.started).toContain(avifs[0]!.name);
    expect(q.queue.stats.backgroundRunning).toBe(1);
    // The second waits for the first, while the flood's jobs take the other place.
    for (let i = 0; i < 4; i++) {
      const flooding = [...q.running.keys()].find((name) => !name.includes(':bg'))!;
      q.running.get(flooding)!();
      q.running.delete(flooding);
      await settle();
    }
    expect(q.started).not.toContain(avifs[1]!.name);
    expect(q.queue.stats.backgroundRunning).toBe(1);
    q.running.get(avifs[0]!.name)!();
    q.running.delete(avifs[0]!.name);
    await settle();
    expect(q.started).toContain(avifs[1]!.name);
  });

  it("start a client's own shopper jobs before its background jobs", async () => {
    const q = harness({ running: 1 });
    q.submit('busy');
    const avif = q.submit('shopper', { background: true });
    const webp = q.submit('shopper');
    await settle();
    await q.finishOldest();
    expect(q.started.slice(1)).toEqual([webp.name]);
    await q.finishOldest();
    expect(q.started.slice(1)).toEqual([webp.name, avif.name]);
  });

  it('bound the background line on its own, taking places from the client with the most waiting', async () => {
    const q = harness({ running: 1, backgroundWaiting: 4 });
    q.submit('busy');
    const flood = Array.from({ length: 6 }, () => q.submit('flooder', { background: true }));
    const shopper = q.submit('shopper', { background: true });
    await settle();
    expect(flood.filter((j) => q.outcomes.get(j.name) === 'refused')).toHaveLength(3);
    expect(q.outcomes.get(shopper.name)).toBeUndefined();
    expect(q.queue.stats).toMatchObject({ waiting: 0, backgroundWaiting: 4 });
  });

  it('let a waiting job go when its signal aborts, and keep the others', async () => {
    const q = harness({ running: 1 });
    q.submit('busy');
    const controller = new AbortController();
    const dropped = q.submit('a', { background: true, signal: controller.signal });
    const kept = q.submit('b');
    await settle();
    controller.abort(new Error('closing'));
    await settle();
    expect(q.outcomes.get(dropped.name)).toBe('aborted');
    await q.finishOldest();
    expect(q.started.at(-1)).toBe(kept.name);
    expect(q.queue.stats).toMatchObject({ running: 1, waiting: 0, backgroundWaiting: 0 });
  });
});
