import { jest } from '@jest/globals';
import request from 'supertest';
import { startSandboxPeer } from '../support/sandboxPeer.js';
import { createTestApp } from '../support/testApp.js';

// Starting the sandbox generates its data set (seconds on a loaded machine).
jest.setTimeout(30_000);

// Pages come from the content service, so the app runs against the sandbox.
let sandbox: Awaited<ReturnType<typeof startSandboxPeer>>;
let testApp: ReturnType<typeof createTestApp>;
let app: ReturnType<typeof createTestApp>['app'];
let log: ReturnType<typeof createTestApp>['log'];
beforeAll(async () => {
  sandbox = await startSandboxPeer();
  testApp = createTestApp({}, { sandboxUrl: sandbox.url });
  ({ app, log } = testApp);
});
afterAll(async () => {
  await testApp.close();
  await sandbox.close();
});

describe('content security policy', () => {
  it('gives island scripts the nonce of the CSP header, and allows no inline script otherwise', async () => {
    const res = await request(app).get('/demo').set('Host', 'se.localhost');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const moduleScripts = [...res.text.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
    expect(moduleScripts.length).toBeGreaterThan(0);
    for (const tag of moduleScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('uses a different nonce on every response', async () => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec(String((await request(app).get('/').set('Host', 'se.localhost')).headers['content-security-policy']))?.[1];
    expect(await nonceOf()).not.toEqual(await nonceOf());
  });

  it('ships only the small enhance script with the nonce, and no React, on a page without islands', async () => {
    const res = await request(app).get('/').set('Host', 'se.localhost');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    const scripts = [...res.text.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([expect.stringMatching(new RegExp(`^<script type="module" src="/assets/enhance-[\\w-]+\\.js" nonce="${nonce?.replace(/[+/=]/g, '\\$&')}">$`))]);
    expect(res.text).not.toContain('modulepreload');
    expect(res.text).not.toMatch(/react-[\w-]+\.js/);
  });
});

describe('request ids', () => {
  it('echoes a sane incoming x-request-id and writes it in the log line', async () => {
    const res = await request(app).get('/').set('Host', 'se.localhost').set('x-request-id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const line = await log.find((l) => l.requestId === 'abc-123' && l.msg === 'request completed');
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });

  it('replaces an id that could forge log lines or headers with a generated one', async () => {
    const res = await request(app).get('/').set('Host', 'se.localhost').set('x-request-id', 'x'.repeat(300));
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs one-time codes or tokens from the query string', async () => {
    await request(app).get('/api/tirehotel/authorization/validate?authToken=secret-token&otpToken=1234').set('Host', 'se.localhost').set('x-request-id', 'redact-1');
    const line = JSON.stringify(await log.find((l) => l.requestId === 'redact-1'));
    expect(line).not.toContain('secret-token');
    expect(line).not.toContain('1234');
  });
});

describe('compression', () => {
  it('compresses pages for clients that accept gzip', async () => {
    const res = await request(app).get('/').set('Host', 'se.localhost').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('production errors', () => {
  it('answers a malformed JSON body with a 400 in the one error shape and no stack trace', async () => {
    const res = await request(app).post('/api/search').set('Host', 'se.localhost').set('Content-Type', 'application/json').send('{"index":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: expect.any(String), requestId: expect.any(String) } });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
