// `npm start` and `npm run dev`: runs the command given (the BFF) with the sandbox standing in for every upstream
// whose UPSTREAM_<SERVICE>_URL is unset, in this process beside it. The product never loads the sandbox: its code,
// faker and seeded data (about 20 MB of heap, 60 MB RSS) stay out of the BFF and out of the production image.
// SANDBOX=false starts none (production then refuses the missing URL); SANDBOX_PORT (3100) and SANDBOX_FAULT as
// for `npm run sandbox`.
import { spawn } from 'node:child_process';
import { sandboxUpstreamEnv, startSandbox } from '../sandbox/app.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node --import tsx scripts/withSandbox.ts <command> [argument...]');
  process.exit(2);
}
const wanted = ['true', '1', 'yes'].includes(process.env.SANDBOX ?? 'false');
const unset = Object.keys(sandboxUpstreamEnv('')).filter((name) => !process.env[name]);
const sandbox =
  wanted && unset.length > 0
    ? await startSandbox(Number(process.env.SANDBOX_PORT || 3100), '127.0.0.1', {
        faultSpec: process.env.SANDBOX_FAULT ?? '',
      })
    : undefined;
const upstreams = sandbox
  ? Object.fromEntries(Object.entries(sandbox.upstreamEnv()).filter(([name]) => unset.includes(name)))
  : {};
if (sandbox)
  console.log(`sandbox on ${sandbox.url} for ${unset.map((name) => name.split('_')[1]!.toLowerCase()).join(', ')}`);

const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...upstreams } });
// A terminal's Ctrl-C reaches both processes; SIGTERM too is one the BFF shuts down gracefully on, once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  void (sandbox?.close() ?? Promise.resolve()).then(() => process.exit(code ?? (signal ? 1 : 0)));
});
