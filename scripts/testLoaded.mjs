// npm run test:loaded: the integration stage beside two busy processes, one spinning each core of a
// two-core machine, as a laptop busy with other work would be. Exits with the stage's code.
import { spawn, spawnSync } from 'node:child_process';

const BUSY = Number(process.env.BUSY_PROCESSES ?? 2);
const busy = Array.from({ length: BUSY }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopBusy(), process.exit(130)));
console.log(`${BUSY} busy processes (pids ${busy.map((c) => c.pid).join(', ')}) beside npm run test:integration`);

const started = process.hrtime.bigint();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { status } = spawnSync(npm, ['run', 'test:integration', '--', ...process.argv.slice(2)], { stdio: 'inherit' });
stopBusy();
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `\ntest:integration under load: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${(seconds / 60).toFixed(1)} min`,
);
process.exit(status ?? 1);
