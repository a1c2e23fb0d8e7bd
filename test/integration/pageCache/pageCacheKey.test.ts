import { jest } from '@jest/globals';
import request from 'supertest';
import { stackForThisFile } from '../../support/testStack.js';

jest.setTimeout(30_000);

const harness = stackForThisFile({ bff: 'app', env: { PAGE_CACHE: 'true', PAGE_CACHE_TTL_S: '120' } });
const get = (path: string) => request(harness.bff.app).get(path).set('Host', 'se.localhost');
const settled = () => harness.bff.pageCache!.settled();
const entries = () => harness.bff.pageCache!.stats.entries;

describe('page cache key', () => {
  it('shares one entry between a page and the same page with junk parameters no page reads', async () => {
    const plain = await get('/om-oss');
    expect(plain.headers['x-cache']).toBe('miss');
    await settled();
    const stored = entries();
    for (const junk of ['?x=1', '?x=2&y=3', '?cachebuster=a7f3', `?${'z'.repeat(3_000)}=1`, '?Keyphrase=volvo']) {
      const res = await get(`/om-oss${junk}`);
      expect([junk, res.status, res.headers['x-cache']]).toEqual([junk, 200, 'hit']);
      expect(res.text).toBe(plain.text);
    }
    await settled();
    expect(entries()).toBe(stored);
  });

  it('still varies a page on a parameter it reads', async () => {
    const all = await get('/kop-bil/sok-bil?x=1');
    const electric = await get('/kop-bil/sok-bil?car_fuel=El&x=2');
    expect(electric.headers['x-cache']).toBe('miss');
    expect(electric.text).not.toBe(all.text);
    await settled();
    expect((await get('/kop-bil/sok-bil?car_fuel=El')).headers['x-cache']).toBe('hit');
    const stories = await get('/nyheter?tag=Elbil');
    expect(stories.headers['x-cache']).toBe('miss');
  });

  it('ignores the order and repeats of parameters', async () => {
    await get('/kop-bil/sok-bil?car_brand=Volvo&sortName=price_asc');
    await settled();
    for (const query of [
      '?sortName=price_asc&car_brand=Volvo',
      '?car_brand=Volvo&sortName=price_asc&car_brand=Volvo',
      '?utm_source=a&sortName=price_asc&sortName=price_asc&car_brand=Volvo',
    ]) {
      expect([query, (await get(`/kop-bil/sok-bil${query}`)).headers['x-cache']]).toEqual([query, 'hit']);
    }
  });
});
