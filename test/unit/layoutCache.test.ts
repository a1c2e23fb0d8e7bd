import { LayoutCache } from '../../server/upstream/layoutCache.js';

/** A loader that answers `v1`, `v2`... and counts its calls; `fail()` makes the next calls reject. */
function loader() {
  let calls = 0;
  let failing = false;
  const load = async () => {
    calls += 1;
    if (failing) throw new Error('content service down');
    return `v${calls}`;
  };
  return { load, calls: () => calls, fail: (on = true) => void (failing = on) };
}

function cacheAt(start = 0) {
  let now = start;
  const cache = new LayoutCache({ freshMs: 30_000, staleMs: 300_000, now: () => now });
  return { cache, advance: (ms: number) => void (now += ms) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('layout cache', () => {
  it('answers from the cache for 30 s without calling the content service again', async () => {
    const { cache, advance } = cacheAt();
    const nav = loader();
    expect(await cache.get('se|sv|navigation', nav.load)).toBe('v1');
    advance(29_000);
    expect(await cache.get('se|sv|navigation', nav.load)).toBe('v1');
    expect(nav.calls()).toBe(1);
  });

  it('keeps markets and languages apart', async () => {
    const { cache } = cacheAt();
    const nav = loader();
    await cache.get('se|sv|navigation', nav.load);
    await cache.get('fi|sv|navigation', nav.load);
    await cache.get('fi|fi|navigation', nav.load);
    expect(nav.calls()).toBe(3);
  });

  it('serves a stale answer at once and refreshes it with one call, however many ask', async () => {
    const { cache, advance } = cacheAt();
    const nav = loader();
    await cache.get('k', nav.load);
    advance(31_000);
    const answers = await Promise.all([cache.get('k', nav.load), cache.get('k', nav.load), cache.get('k', nav.load)]);
    expect(answers).toEqual(['v1', 'v1', 'v1']);
    await settle();
    expect(nav.calls()).toBe(2);
    expect(await cache.get('k', nav.load)).toBe('v2');
  });

  it('shares one call between requests that miss at the same time', async () => {
    const { cache } = cacheAt();
    const nav = loader();
    const answers = await Promise.all([cache.get('k', nav.load), cache.get('k', nav.load)]);
    expect(answers).toEqual(['v1', 'v1']);
    expect(nav.calls()).toBe(1);
  });

  it('never caches a failure: the next request asks again', async () => {
    const { cache } = cacheAt();
    const nav = loader();
    nav.fail();
    await expect(cache.get('k', nav.load)).rejects.toThrow('content service down');
    nav.fail(false);
    expect(await cache.get('k', nav.load)).toBe('v2');
  });

  it('keeps serving the stale answer while refreshes fail, and stops after 5 more minutes', async () => {
    const { cache, advance } = cacheAt();
    const nav = loader();
    await cache.get('k', nav.load);
    nav.fail();
    advance(60_000);
    expect(await cache.get('k', nav.load)).toBe('v1');
    await settle();
    advance(30_000 + 300_000 - 60_000);
    await expect(cache.get('k', nav.load)).rejects.toThrow('content service down');
  });
});
