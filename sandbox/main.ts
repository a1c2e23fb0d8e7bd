// Standalone sandbox: `npm run sandbox`. Point the BFF's UPSTREAM_*_URL at http://HOST:PORT/<service>.
import { startSandbox, SANDBOX_SERVICES } from './app.js';

const port = Number(process.env.SANDBOX_PORT ?? 3100);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const seed = process.env.SANDBOX_SEED ? Number(process.env.SANDBOX_SEED) : undefined;
const sandbox = await startSandbox(port, host, {
  ...(seed ? { seed } : {}),
  faultSpec: process.env.SANDBOX_FAULT ?? '',
});
console.log(
  `sandbox listening on ${sandbox.url}: ${Object.keys(SANDBOX_SERVICES)
    .map((s) => `/${s}`)
    .join(' ')}`,
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
}
