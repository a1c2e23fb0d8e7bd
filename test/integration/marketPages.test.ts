import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

// Starting the sandbox generates its data set (seconds on a loaded machine).
jest.setTimeout(30_000);

// Pages come from the content service, so the app runs against the sandbox.
let sandbox: SandboxHere;
let testApp: ComposedBff;
let app: ComposedBff['app'];
beforeAll(async () => {
  sandbox = await startSandboxHere();
  testApp = (await startTestStack({ bff: 'app', sandbox })).bff;
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await sandbox.close();
});

describe('every market answers on its development host', () => {
  it.each(MARKETS.map((m) => [m.devHostname, m] as const))(
    '%s renders the home page in its language with header and footer',
    async (host, market) => {
      const res = await request(app).get('/').set('Host', `${host}:3000`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toMatch(/^<!DOCTYPE html>/i);
      expect(res.text).toContain(`<html lang="${market.languages[0]}"`);
      expect(res.text).toMatch(/<header[^>]*>/);
      expect(res.text).toMatch(/<footer[^>]*>/);
      // On the development host, absolute URLs stay on it (server/markets/siteOrigin.ts).
      expect(res.text).toContain(`<link rel="canonical" href="http://${host}:3000/"/>`);
      expect(res.text).toContain(`hrefLang="x-default"`);
    },
  );

  it('resolves production hostnames case-insensitively and ignores the port', async () => {
    const res = await request(app).get('/').set('Host', 'WWW.HEDINAUTOMOTIVE.CO.UK:8443');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en"');
  });

  it('renders Finnish on the Finnish site and Norwegian on the Norwegian one', async () => {
    const fi = await request(app).get('/').set('Host', 'fi.localhost');
    const no = await request(app).get('/').set('Host', 'no.localhost');
    expect(fi.text).toContain('Näytä varastoautot');
    expect(no.text).toContain('Se biler på lager');
  });
});

describe('hosts that are not a market', () => {
  it('answers 404 for an unknown host without naming anything internal', async () => {
    const res = await request(app).get('/').set('Host', 'unknown.example');
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/market|stack|express|node_modules/i);
  });

  it('answers 404 JSON for an unknown host under /api', async () => {
    const res = await request(app).get('/api/search').set('Host', 'unknown.example');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'unknown_host', requestId: expect.any(String) });
  });

  it('shows bare localhost a page linking every market development host', async () => {
    const res = await request(app).get('/').set('Host', 'localhost:3000');
    expect(res.status).toBe(200);
    for (const market of MARKETS) expect(res.text).toContain(`href="http://${market.devHostname}:3000/"`);
  });

  it('ignores X-Forwarded-Host unless TRUST_PROXY is on', async () => {
    const untrusted = await request(app)
      .get('/')
      .set('Host', 'unknown.example')
      .set('X-Forwarded-Host', 'se.localhost');
    expect(untrusted.status).toBe(404);
    const trusting = (await startTestStack({ bff: 'app', sandbox, env: { TRUST_PROXY: '1' } })).bff;
    const trusted = await request(trusting.app)
      .get('/')
      .set('Host', 'internal-lb:8080')
      .set('X-Forwarded-Host', 'se.localhost');
    await trusting.close();
    expect(trusted.status).toBe(200);
    expect(trusted.text).toContain('<html lang="sv"');
  });
});

describe('a deployment (production, every upstream URL set)', () => {
  it('answers only its real hostnames: se.localhost with any port is an unknown host, no page built for it', async () => {
    const deployed = (await startTestStack({ bff: 'app', sandbox, env: { NODE_ENV: 'production' } })).bff;
    try {
      const before = sandbox.upstreamCalls('content');
      for (const host of ['se.localhost', 'se.localhost:12345', 'localhost:3000']) {
        const res = await request(deployed.app).get('/').set('Host', host);
        expect(res.status).toBe(404);
      }
      expect((await request(deployed.app).get('/sitemap.xml').set('Host', 'se.localhost:4242')).status).toBe(404);
      expect(sandbox.upstreamCalls('content')).toBe(before);
      const real = await request(deployed.app)
        .get('/')
        .set('Host', MARKETS.find((m) => m.id === 'se')!.hostnames[0]!);
      expect(real.status).toBe(200);
    } finally {
      await deployed.close();
    }
  });
});

describe('error answers', () => {
  it('gives an unknown page the market 404 page in its language', async () => {
    const res = await request(app).get('/finns-inte').set('Host', 'se.localhost');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Sidan hittades inte');
    expect(res.text).toContain('name="robots" content="noindex"');
  });

  it('gives an unknown /api route a JSON 404 with the request id', async () => {
    const res = await request(app).get('/api/nothing-here').set('Host', 'se.localhost').set('x-request-id', 'qa-1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String), requestId: 'qa-1' } });
  });
});

describe('health', () => {
  it('answers /healthz on any host', async () => {
    const res = await request(app).get('/healthz').set('Host', '10.0.0.7:3000');
    expect(res.status).toBe(200);
  });

  it('answers /readyz 503 while starting or stopping and 200 when ready', async () => {
    const { app: fresh, lifecycle, close: closeFresh } = (await startTestStack({ bff: 'app', sandbox: 'none' })).bff;
    lifecycle.state = 'starting';
    expect((await request(fresh).get('/readyz')).status).toBe(503);
    lifecycle.state = 'ready';
    const ready = await request(fresh).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    lifecycle.state = 'stopping';
    expect((await request(fresh).get('/readyz')).status).toBe(503);
    await closeFresh();
  });
});

describe('permanent redirects in the pipeline', () => {
  it('answers an old path of the market with 301 to its new path on the same host', async () => {
    const res = await request(app).get('/used/bmw/x5').set('Host', 'uk.localhost');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/buy-car/used-cars/bmw');
  });

  it('leaves the same path alone on another market host', async () => {
    const res = await request(app).get('/used/bmw/x5').set('Host', 'se.localhost');
    expect(res.status).not.toBe(301);
    expect(res.headers.location).toBeUndefined();
  });

  it('redirects the tire purchase result page of the Swedish dealer group', async () => {
    const res = await request(app).get('/dackdepa/success').set('Host', 'se.localhost');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/dack-och-biltillbehor/dackkop-tack');
  });
});
