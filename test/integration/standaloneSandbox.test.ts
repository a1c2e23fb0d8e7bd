import { jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import request from 'supertest';
import { startSandboxHere } from '../../scripts/stack/startStack.js';
import { startTestStack } from '../support/testStack.js';

jest.setTimeout(30_000);

/** `npm run sandbox` as its own process, on its own port. */
function runStandaloneSandbox(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = new Promise<void>((resolve) =>
    child.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()),
  );
  return { child, listening };
}

describe('the BFF with UPSTREAM_*_URL pointing at a standalone sandbox', () => {
  it('gives the same answers as with the embedded one', async () => {
    const standalone = runStandaloneSandbox(3921);
    const embedded = await startSandboxHere();
    try {
      await standalone.listening;
      const viaStandalone = (await startTestStack({ bff: 'app', sandbox: { url: 'http://127.0.0.1:3921' } })).bff;
      const viaEmbedded = (await startTestStack({ bff: 'app', sandbox: embedded })).bff;
      const body = {
        index: 'cars',
        facets: ['car_brand'],
        fields: ['car_id', 'car_price'],
        sort_name: 'price_asc',
        limit: 10,
      };
      const [a, b] = await Promise.all([
        request(viaStandalone.app).post('/api/search').set('Host', 'fi.localhost').send(body),
        request(viaEmbedded.app).post('/api/search').set('Host', 'fi.localhost').send(body),
      ]);
      expect(a.status).toBe(200);
      expect(a.body).toEqual(b.body);
      const page = await request(viaStandalone.app).get('/').set('Host', 'fi.localhost');
      expect(page.status).toBe(200);
      await viaStandalone.close();
      await viaEmbedded.close();
    } finally {
      standalone.child.kill('SIGTERM');
      await embedded.close();
    }
  });
});
