import { jest } from '@jest/globals';
import request from 'supertest';
import { stackForThisFile } from '../support/testStack.js';

jest.setTimeout(30_000);

const harness = stackForThisFile({ bff: 'app' });
const beacon = (body: unknown, host = 'se.localhost') =>
  request(harness.bff.app)
    .post('/api/rum')
    .set('Host', host)
    .set('Content-Type', 'application/json')
    .set('X-Forwarded-For', '203.0.113.9')
    .send(JSON.stringify(body));
const metricsText = async () => (await request(harness.bff.metricsApp).get('/metrics')).text;

describe('field data (/api/rum)', () => {
  it('records each metric of a beacon in a histogram by market and page type', async () => {
    const res = await beacon({
      path: '/kop-bil/100354/cupra-formentor-vz5-2026',
      metrics: [
        { name: 'LCP', value: 1200, rating: 'good', id: 'v5-1' },
        { name: 'CLS', value: 0.02, rating: 'good', id: 'v5-2' },
        { name: 'INP', value: 80, rating: 'good', id: 'v5-3' },
        { name: 'TTFB', value: 300, rating: 'good', id: 'v5-4' },
      ],
    });
    expect(res.status).toBe(204);
    await beacon(
      { path: '/', metrics: [{ name: 'LCP', value: 3000, rating: 'needs-improvement', id: 'v5-5' }] },
      'uk.localhost',
    );
    const text = await metricsText();
    expect(text).toContain('bff_rum_lcp_seconds_bucket{le="1.8",market="se",page_type="carDetail"} 1');
    expect(text).toContain('bff_rum_lcp_seconds_bucket{le="1",market="se",page_type="carDetail"} 0');
    expect(text).toContain('bff_rum_cls_bucket{le="0.05",market="se",page_type="carDetail"} 1');
    expect(text).toContain('bff_rum_inp_seconds_count{market="se",page_type="carDetail"} 1');
    expect(text).toContain('bff_rum_ttfb_seconds_sum{market="se",page_type="carDetail"} 0.3');
    expect(text).toContain('bff_rum_lcp_seconds_count{market="uk",page_type="home"} 1');
  });

  it('tells the page types with an island apart: by path, and by the islands a content page carries', async () => {
    const inp = (value: number) => [{ name: 'INP', value, rating: 'poor', id: `v5-${value}` }];
    const sent = [
      { path: '/service-och-verkstad/boka-service', islands: ['booking'], metrics: inp(250) },
      { path: '/service-och-verkstad/dack/dackhotell', islands: ['tirehotel'], metrics: inp(260) },
      { path: '/nyheter/en-nyhet', metrics: inp(270) },
      { path: '/dack-och-biltillbehor/tillbehor', islands: ['kits'], metrics: inp(280) },
      { path: '/sparade-bilar', islands: ['savedCars', 'compare'], metrics: inp(290) },
      { path: '/om-oss', islands: [], metrics: inp(300) },
    ];
    for (const body of sent) expect((await beacon(body)).status).toBe(204);
    const text = await metricsText();
    for (const type of ['booking', 'tireHotel', 'stories', 'kits', 'savedCars', 'content'])
      expect(text).toMatch(new RegExp(`^bff_rum_inp_seconds_count\\{market="se",page_type="${type}"\\} 1$`, 'm'));
  });

  it('refuses what is not a web-vitals beacon with 400, recording nothing', async () => {
    const before = await metricsText();
    for (const body of [
      { path: '/', metrics: [{ name: 'FID', value: 10, rating: 'good', id: 'x' }] },
      { path: '/', metrics: [{ name: 'LCP', value: -1, rating: 'good', id: 'x' }] },
      { path: 'https://evil.example/', metrics: [{ name: 'LCP', value: 1, rating: 'good', id: 'x' }] },
      { path: '/', metrics: [] },
      { path: '/', metrics: [{ name: 'LCP', value: 1, rating: 'good', id: 'x', extra: true }] },
      { path: '/', islands: ['<script>'], metrics: [{ name: 'LCP', value: 1, rating: 'good', id: 'x' }] },
    ]) {
      const res = await beacon(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect((await metricsText()).match(/^bff_rum_lcp_seconds_count.*$/gm)).toEqual(
      before.match(/^bff_rum_lcp_seconds_count.*$/gm),
    );
  });

  it('answers 429 once one client has sent too many beacons in a minute', async () => {
    const ok = { path: '/', metrics: [{ name: 'CLS', value: 0, rating: 'good', id: 'x' }] };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await beacon(ok)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(30);
  });
});
