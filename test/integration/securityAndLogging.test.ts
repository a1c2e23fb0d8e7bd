import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import { type SandboxHere, startSandboxHere } from '../../scripts/stack/startStack.js';
import { startTestStack } from '../support/testStack.js';
import type { ComposedBff } from '../../scripts/stack/composedBff.js';

// Starting the sandbox generates its data set (seconds on a loaded machine).
jest.setTimeout(30_000);

// Pages come from the content service, so the app runs against the sandbox.
let sandbox: SandboxHere;
let testApp: ComposedBff;
let app: ComposedBff['app'];
let log: ComposedBff['log'];
beforeAll(async () => {
  sandbox = await startSandboxHere();
  testApp = (await startTestStack({ bff: 'app', sandbox })).bff;
  ({ app, log } = testApp);
});
afterAll(async () => {
  await testApp.close();
  await sandbox.close();
});

/** Every script a page would execute inline (no src, not a data type), as its exact text. */
function inlineExecutableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/(json|ld\+json)"/.test(attributes!))
    .map(([, , code]) => code!);
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('content security policy', () => {
  it('allows scripts from our own origin and the five inline ones by hash: no nonce, no eval, nosniff', async () => {
    const res = await request(app).get('/demo').set('Host', 'se.localhost');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
    const inline = inlineExecutableScripts(res.text);
    // The alert gate, the early taps and the late stylesheet's switch, before the first paint, the speculation rules
    // (views/Document.tsx) and the loader of the scripts held until the page has loaded (views/IslandScripts.tsx).
    expect(inline).toHaveLength(5);
    const [self, ...hashes] = scriptSrc!.split(' ').slice(1);
    expect(self).toBe("'self'");
    expect(hashes.sort()).toEqual(inline.map(sha256).sort());
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const moduleScripts = [...res.text.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
    expect(moduleScripts.length).toBeGreaterThan(0);
    for (const tag of moduleScripts)
      expect(tag).toMatch(/^<script type="module" src="\/assets\/[\w-]+\.js"( fetchPriority="low")?>$/);
    expect(res.text).toContain('type="application/json"');
    expect(res.text).not.toContain('nonce');
  });

  it('writes the same inline scripts on every kind of page, so the same bytes are safe for every shopper', async () => {
    const home = await request(app).get('/').set('Host', 'se.localhost');
    const allowed = String(home.headers['content-security-policy']);
    for (const path of ['/', '/demo', '/kop-bil/sok-bil', '/finns-inte-har']) {
      const res = await request(app).get(path).set('Host', 'se.localhost');
      expect(res.headers['content-security-policy']).toBe(allowed);
      for (const code of inlineExecutableScripts(res.text)) expect(allowed).toContain(sha256(code));
    }
  });

  it('ships only the small enhance and field-data scripts, and no React, on a page without islands', async () => {
    const res = await request(app).get('/').set('Host', 'se.localhost');
    const scripts = [...res.text.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([
      expect.stringMatching(/^<script type="module" src="\/assets\/enhance-[\w-]+\.js" fetchPriority="low">$/),
      // Held in the template until the page has loaded (views/IslandScripts.tsx).
      expect.stringMatching(/^<script type="module" src="\/assets\/rum-[\w-]+\.js">$/),
    ]);
    // The enhance script's own small chunks (saved cars' header count and toggles) may be preloaded; never React
    // or the islands' hydration.
    const preloads = [...res.text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.filter((href) => /\/(react|hydrateIslands)-/.test(href!))).toEqual([]);
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
    await request(app)
      .get('/api/tirehotel/authorization/validate?authToken=secret-token&otpToken=1234')
      .set('Host', 'se.localhost')
      .set('x-request-id', 'redact-1');
    const line = JSON.stringify(await log.find((l) => l.requestId === 'redact-1'));
    expect(line).not.toContain('secret-token');
    expect(line).not.toContain('1234');
  });

  it("leaves an editor's preview token, session cookies and authorization headers out of every log line", async () => {
    await request(app)
      .get('/?preview=secret-preview-1&code=secret-code-2')
      .set('Host', 'se.localhost')
      .set('Cookie', 'th_session=secret-session-3; preview=secret-cookie-4')
      .set('Authorization', 'Bearer secret-bearer-5')
      .set('x-request-id', 'redact-2');
    await log.find((l) => l.requestId === 'redact-2' && l.msg === 'request completed');
    const everything = JSON.stringify(log.lines);
    expect(everything).toContain('redact-2');
    expect(everything).not.toMatch(/secret-/);
  });

  it('redacts a secret parameter by its decoded name: ?%70review= is ?preview= to the app, and to the log', async () => {
    await request(app)
      .get('/?%70review=secret-preview-6&PRE%56IEW=secret-preview-7&co%64e=secret-code-8&th%5Fsession=secret-session-9')
      .set('Host', 'se.localhost')
      .set('x-request-id', 'redact-3');
    const line = await log.find((l) => l.requestId === 'redact-3' && l.msg === 'request completed');
    expect((line?.req as { url?: string } | undefined)?.url).toBe(
      '/?%70review=[redacted]&PRE%56IEW=[redacted]&co%64e=[redacted]&th%5Fsession=[redacted]',
    );
    expect(JSON.stringify(log.lines)).not.toMatch(/secret-/);
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
    const res = await request(app)
      .post('/api/search')
      .set('Host', 'se.localhost')
      .set('Content-Type', 'application/json')
      .send('{"index":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'bad_request', message: expect.any(String), requestId: expect.any(String) },
    });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
