import { jest } from '@jest/globals';
import { Registry } from 'prom-client';
import pino from 'pino';
import { LayoutCache } from '../../../server/upstream/layoutCache.js';
import { PageCache } from '../../../server/pageCache/pageCache.js';
import { PageCacheMetrics } from '../../../server/pageCache/pageCacheMetrics.js';
import { TieredStore } from '../../../server/store/tieredStore.js';
import { entryBytes, type PageEntry } from '../../../server/pageCache/pageEntry.js';
import type { RenderedPage } from '../../../server/pageCache/renderDetached.js';

const page = (text: string): RenderedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html' },
  setsCookie: false,
  body: Buffer.from(text),
  incomplete: false,
});

function pageCache(onPurge?: () => void) {
  const store = new TieredStore<PageEntry>({
    here: { maxBytes: 1024 * 1024, sizeOf: entryBytes },
    freshness: { freshMs: 60_000, staleMs: 60_000, storedAt: (entry) => entry.storedAt },
  });
  const local = store.here;
  const cache = new PageCache({
    store,
    metrics: new PageCacheMetrics(new Registry(), () => ({ bytes: 0, entries: 0 })),
    logger: pino({ level: 'silent' }),
    ...(onPurge ? { onPurge } : {}),
  });
  return { cache, local };
}

describe('purging the page cache', () => {
  it('drops only the keys under the prefixes, and tells the caches pages are rendered from', async () => {
    const onPurge = jest.fn();
    const { cache } = pageCache(onPurge);
    await cache.render('se|/a|sv', async () => page('a'));
    await cache.render('se|/b|sv', async () => page('b'));
    await cache.render('uk|/a|en', async () => page('c'));
    await cache.settled();
    expect(cache.purgeLocal(['se|/a|'])).toBe(1);
    expect(await cache.lookup('se|/a|sv')).toBeUndefined();
    expect((await cache.lookup('se|/b|sv'))?.state).toBe('fresh');
    expect(onPurge).toHaveBeenCalledTimes(1);
    expect(cache.purgeLocal([''])).toBe(2);
  });

  it('does not store a render that was under way when a purge came: it may show the old content', async () => {
    const { cache } = pageCache();
    let finish: (p: RenderedPage) => void = () => undefined;
    const outcome = cache.render('se|/a|sv', () => new Promise<RenderedPage>((resolve) => (finish = resolve)));
    cache.purgeLocal(['se|']);
    finish(page('old'));
    await outcome;
    await cache.settled();
    expect(await cache.lookup('se|/a|sv')).toBeUndefined();
  });

  it('forgets the layout cache’s answers when asked, so the next page loads them again', async () => {
    const layouts = new LayoutCache();
    const load = jest.fn(async () => 'navigation');
    await layouts.get('se|sv|navigation', load);
    await layouts.get('se|sv|navigation', load);
    layouts.clear();
    await layouts.get('se|sv|navigation', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
