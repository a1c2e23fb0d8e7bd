import { jest } from '@jest/globals';
import { PerClientCount } from '../../../server/http/clientLimits.js';

/** The per-address count behind the in-flight cap: places, the short wait past the cap, and its bound. */

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the places one address has in flight', () => {
  afterEach(() => jest.useRealTimers());

  it('hand a place that ends straight to the first request waiting for one, in order', async () => {
    const count = new PerClientCount(2, 2);
    const held = [count.acquire('a')!, count.acquire('a')!];
    const got: string[] = [];
    void count.acquireWithin('a', 60_000).then((release) => (got.push('first'), release));
    void count.acquireWithin('a', 60_000).then((release) => (got.push('second'), release));
    // Another address is not held up by this one's cap.
    expect(count.acquire('b')).toBeDefined();
    await settle();
    expect(got).toEqual([]);
    held[0]!();
    await settle();
    expect(got).toEqual(['first']);
    held[1]!();
    held[1]!(); // a release counts once
    await settle();
    expect(got).toEqual(['first', 'second']);
  });

  it('let as many wait as it may, and refuse the next at once', async () => {
    const count = new PerClientCount(1, 2);
    count.acquire('a');
    const waiting = [count.acquireWithin('a', 60_000), count.acquireWithin('a', 60_000)];
    expect(await count.acquireWithin('a', 60_000)).toBeUndefined();
    expect(waiting).toHaveLength(2);
  });

  it('give up on a wait at its deadline or when its request goes away, and pass the place on to the rest', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const count = new PerClientCount(1, 3);
    const held = count.acquire('a')!;
    const gone = new AbortController();
    const timedOut = count.acquireWithin('a', 5_000);
    const left = count.acquireWithin('a', 60_000, gone.signal);
    const last = count.acquireWithin('a', 60_000);
    jest.advanceTimersByTime(5_000);
    expect(await timedOut).toBeUndefined();
    gone.abort();
    expect(await left).toBeUndefined();
    held();
    expect(await last).toEqual(expect.any(Function));
  });
});
