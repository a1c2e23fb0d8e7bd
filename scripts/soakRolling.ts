// `npm run soak:rolling -- [--replicas 3] [--seconds 150]`: nginx (Debian's /usr/sbin/nginx) with
// deploy/nginx/bff.conf in front of N BFF processes (server/main.ts) sharing one redis-server of its
// own, the sandbox in a process of its own; the soak's mixed traffic, lead forms, service bookings,
// tire-hotel bookings and 100 workshop streams go through nginx while each BFF in turn is stopped
// (SIGTERM) and started again on its port. Clients behave as a shopper's: a page GET is not retried
// (nginx must), a write is sent again on a network error or 5xx with the same body and key
// (client/forms), a workshop stream reconnects with Last-Event-ID (EventSource). Exits 1 on any
// failure a shopper would see, a workshop lost or repeated, or a write not made exactly once.
// 127.0.0.1 only; stops by itself (--seconds is the hard limit of the traffic).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import {
  eventSourcePage,
  mechmateSlots,
  postAsShopper,
  tirehotelShopper,
  type ShopperPost,
  type StreamOutcome,
} from './soakClients.js';

/**
 * Every simulated shopper reaches nginx from 127.0.0.1, so the BFFs see one client: its per-client caps and
 * limits are lifted for this run (what it measures is restarts, not abuse limits).
 */
const ONE_CLIENT_IS_MANY: Record<string, string> = {
  CLIENT_MAX_WORKSHOP_STREAMS: '10000',
  CLIENT_MAX_CONCURRENT_REQUESTS: '100000',
  STORE_BUDGET_PAGES: '99999/60',
  STORE_BUDGET_SEARCHES: '99999/60',
  STORE_BUDGET_IMAGES: '99999/60',
  RATE_LIMIT_LEADS_PER_CLIENT: '999999/60',
  RATE_LIMIT_BOOKINGS_PER_CLIENT: '999999/60',
  RATE_LIMIT_LOOKUPS_PER_CLIENT: '999999/60',
  RATE_LIMIT_LOOKUPS_PER_REG_NO: '999999/60',
  RATE_LIMIT_CODE_SENDS_PER_CLIENT: '999999/60',
  RATE_LIMIT_CODE_GUESSES_PER_CLIENT: '999999/60',
};
import { send, trafficMix, type Answer } from './soakTraffic.js';
import { freePort } from './stack/freePort.js';
import { spawnBff, type SpawnedBff } from './stack/spawnedBff.js';
import { startStack } from './stack/startStack.js';
import { waitUntil } from './stack/waitUntil.js';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const REPLICAS = arg('replicas', 3);
const MAX_SECONDS = arg('seconds', 150);
if (!(REPLICAS >= 2 && REPLICAS <= 8) || !(MAX_SECONDS >= 40 && MAX_SECONDS <= 600))
  throw new Error('usage: npm run soak:rolling -- [--replicas 2..8] [--seconds 40..600]');
const WORKERS = 8;
const STREAMS = 100;
/** A write every this long, in turn: a lead form, a service booking, a tire-hotel booking. */
const WRITE_EVERY_MS = 250;
const WARM_UP_S = 10;
const BETWEEN_RESTARTS_S = 8;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
// What is measured is the restarts. On a 2-core machine the one sandbox process answers three BFFs'
// traffic and 100 streams, and seconds pass in its accept and request queues: the default 2 s connect
// and 5 s deadlines would turn that into 502s and 504s (scripts/soak.ts measures deadlines and faults).
const UPSTREAM_TIMEOUT_MS = '15000';
const UPSTREAM_CONNECT_TIMEOUT_MS = '5000';
// Longer than that deadline, so a stopping BFF never cuts a call it is still waiting for.
const SHUTDOWN_GRACE_MS = '20000';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const children = new Set<ChildProcess>();
const track = (child: ChildProcess) => (children.add(child), child.once('exit', () => children.delete(child)), child);
process.once('exit', () => children.forEach((c) => c.kill('SIGKILL')));
process.once('SIGINT', () => process.exit(130));

const tmp = mkdtempSync(join(tmpdir(), 'bff-rolling-'));
const nginxPort = await freePort();
const bffPorts = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
const origin = `http://127.0.0.1:${nginxPort}`;
// One redis-server of its own and the sandbox in a process of its own; the replicas are started below.
const stack = await startStack({
  redis: 'own',
  sandbox: 'process',
  bff: 'none',
  sandboxOptions: { env: { SANDBOX_STREAM_INTERVAL_MS: '800' } },
});
track(stack.sandbox.process);
const redis = track(stack.redis!.process);
const sandboxUrl = stack.sandbox.url;

/** deploy/nginx/bff.conf as recommended, with this run's replicas and port, in a throwaway prefix. */
function writeNginxConfig(): string {
  const recommended = readFileSync('deploy/nginx/bff.conf', 'utf8');
  writeFileSync(
    join(tmp, 'bff-upstreams.conf'),
    bffPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
  const site = recommended
    .replace('include /etc/nginx/bff-upstreams.conf;', `include ${tmp}/bff-upstreams.conf;`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${nginxPort};`);
  if (!site.includes(`${tmp}/bff-upstreams.conf`) || !site.includes(`:${nginxPort};`))
    throw new Error('deploy/nginx/bff.conf: upstreams include or listen line not found');
  writeFileSync(join(tmp, 'bff.conf'), site);
  const conf = join(tmp, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${tmp}/nginx.pid;`,
      `error_log ${tmp}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  access_log ${tmp}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${tmp}/${t};`),
      `  include ${tmp}/bff.conf;`,
      '}',
    ].join('\n'),
  );
  return conf;
}

/** Replica i on its port, its log in the run's directory (the allocator settings come with spawnBff). */
async function startBff(i: number): Promise<SpawnedBff> {
  const bff = await spawnBff(
    {
      ...stack.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(bffPorts[i]),
      TRUST_PROXY: '1',
      ...ONE_CLIENT_IS_MANY,
      UPSTREAM_TIMEOUT_MS,
      UPSTREAM_CONNECT_TIMEOUT_MS,
      SHUTDOWN_GRACE_MS,
    },
    { output: { file: join(tmp, `bff-${i}.log`) } },
  );
  track(bff.child);
  return bff;
}

/** Whether it answers 200 on `url` within `timeoutMs`. */
async function ready(url: string, timeoutMs: number): Promise<boolean> {
  return waitUntil(
    () =>
      request(url)
        .then(async (r) => (await r.body.dump(), r.statusCode === 200))
        .catch(() => false),
    url,
    { timeoutMs, everyMs: 200 },
  ).then(
    () => true,
    () => false,
  );
}

const exited = (child: ChildProcess, ms: number) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(true)
    : Promise.race([new Promise<boolean>((r) => child.once('exit', () => r(true))), sleep(ms).then(() => false)]);

const bffs = await Promise.all(bffPorts.map((_, i) => startBff(i)));
for (const [i, port] of bffPorts.entries())
  if (!(await ready(`http://127.0.0.1:${port}/readyz`, 90_000)))
    throw new Error(`BFF ${i} did not become ready (see ${tmp}/bff-${i}.log)`);
const nginx = track(
  spawn(NGINX, ['-p', tmp, '-e', join(tmp, 'error.log'), '-c', writeNginxConfig()], {
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
if (!(await ready(`${origin}/readyz`, 10_000))) throw new Error(`nginx did not answer (see ${tmp}/error.log)`);

const agent = new Agent({ connections: 64, keepAliveTimeout: 5_000 });
const streamAgent = new Agent({ connections: null });
const mix = (await trafficMix(origin, agent)).filter((r) => r.kind !== 'form post');
// Every workshop of the page, in order, from one stream nothing interrupted: what every stream must show.
const reference = await eventSourcePage(origin, streamAgent);
if (reference.failure || reference.workshops.length === 0)
  throw new Error(`reference workshop stream failed: ${reference.failure ?? 'no workshops'}`);

const slots = await mechmateSlots(origin, agent, reference.workshops.slice(0, 3));
const tireShopper = await tirehotelShopper(origin, agent);

const started = Date.now();
let restartsDone = false;
const hardStop = started + MAX_SECONDS * 1000;
const running = () => !restartsDone && Date.now() < hardStop;
const answers: Answer[] = [];
const streams: StreamOutcome[] = [];
interface Write {
  kind: 'lead form' | 'service booking' | 'tire-hotel booking';
  /** What identifies it in the sandbox's stats: formSubmissionId, department|time, or the tire-hotel start time. */
  mark: string;
  status: number;
  attempts: number;
}
const writes: Write[] = [];
const restarts: string[] = [];

const workers = Array.from({ length: WORKERS }, async (_, w) => {
  for (let n = w; running(); n++) answers.push(await send(origin, agent, mix[n % mix.length]!));
});
const streamLoops = Array.from({ length: STREAMS }, async (_, i) => {
  await sleep(i * 30);
  while (running()) {
    streams.push(await eventSourcePage(origin, streamAgent));
    await sleep(1_000);
  }
});
/** The next write of the turn; undefined when its kind has no free time left. */
function nextWrite(n: number): { kind: Write['kind']; mark: string; post: ShopperPost } | undefined {
  const key = `rolling-${started}-${n}`;
  if (n % 3 === 0) {
    const body = JSON.stringify({
      formName: 'CarDetailContactForm',
      formSubmissionId: key,
      values: { name: 'Rolling', phone: '0701234567', email: 'rolling@example.se' },
    });
    return {
      kind: 'lead form',
      mark: key,
      post: {
        path: '/api/forms/comhub',
        host: 'se.localhost',
        body,
        headers: { 'x-forwarded-for': `10.30.${n % 250}.${(n >> 8) % 250}` },
        againOn409: true,
      },
    };
  }
  if (n % 3 === 1) {
    const slot = slots.shift();
    if (!slot) return undefined;
    const body = JSON.stringify({
      customer: { firstName: 'Rolling', lastName: 'Restart', phone: '+46 70 123 45 67', email: 'rolling@example.se' },
      departmentId: slot.departmentId,
      timeSlot: slot.timeSlot,
      isFullDay: false,
      registrationNumber: 'ABC123',
      mileage: 1200,
      serviceOfferingRequests: [{ kobraId: 'oilservice', unitsSelected: null, userInput: null }],
      bookingRequestId: key,
    });
    return {
      kind: 'service booking',
      mark: `${slot.departmentId}|${slot.timeSlot}`,
      post: { path: '/api/mechmate/book', host: 'se.localhost', body, headers: { 'x-forwarded-for': '10.40.1.1' } },
    };
  }
  const start = tireShopper.starts.shift();
  if (!start) return undefined;
  const body = JSON.stringify({
    bookingDate: start.date,
    bookingStart: start.start,
    regNo: 'DEF456',
    freeText: null,
    bookingRequestId: key,
    customer: { firstName: 'Eva', lastName: 'Berg', email: 'eva@example.se', phoneMobile: '+46701234567' },
  });
  return {
    kind: 'tire-hotel booking',
    mark: start.start,
    post: {
      path: `/api/tirehotel/booking/create?departmentIdentifier=${tireShopper.erpId}`,
      host: 'se.localhost',
      body,
      headers: { cookie: tireShopper.cookie, 'x-forwarded-for': '10.40.0.1' },
    },
  };
}
const writeLoop = (async () => {
  const pending: Promise<void>[] = [];
  for (let n = 0; running(); n++) {
    const write = nextWrite(n);
    if (write)
      pending.push(
        postAsShopper(origin, agent, write.post).then(
          (r) => void writes.push({ kind: write.kind, mark: write.mark, status: r.status, attempts: r.attempts }),
        ),
      );
    await sleep(WRITE_EVERY_MS);
  }
  await Promise.all(pending);
})();
const rolling = (async () => {
  await sleep(WARM_UP_S * 1000);
  for (const [i, port] of bffPorts.entries()) {
    const t0 = Date.now();
    bffs[i]!.child.kill('SIGTERM');
    const clean = await exited(bffs[i]!.child, 30_000);
    if (!clean) bffs[i]!.child.kill('SIGKILL');
    const stoppedMs = Date.now() - t0;
    bffs[i] = await startBff(i);
    const up = await ready(`http://127.0.0.1:${port}/readyz`, 90_000);
    restarts.push(
      `replica ${i + 1} (:${port}): ${clean ? `stopped in ${stoppedMs} ms` : 'KILLED after 30 s'}, ${up ? `ready again after ${Date.now() - t0} ms` : 'NOT ready after 90 s'}`,
    );
    await sleep(BETWEEN_RESTARTS_S * 1000);
  }
  restartsDone = true;
})();
await Promise.all([...workers, ...streamLoops, writeLoop, rolling]);
const elapsedS = (Date.now() - started) / 1000;
const stats = (await (await request(`${sandboxUrl}/__sandbox/stats`)).body.json()) as {
  comhubSubmissions: string[];
  mechmateBookings: { departmentId: number; timeSlot: string }[];
  tirehotelBookings: { bookingStart: string | null }[];
};
await agent.close();
await streamAgent.destroy();

// nginx first (graceful, bounded), then the BFFs, the sandbox and Redis.
nginx.kill('SIGQUIT');
if (!(await exited(nginx, 5_000))) nginx.kill('SIGKILL');
for (const child of children) if (child !== redis) child.kill('SIGTERM');
await Promise.all([...children].filter((c) => c !== redis).map((c) => exited(c, 15_000)));
await stack.stop();

const failed = answers.filter((a) => a.status === 0 || a.status >= 500);
const byStatus = new Map<string, number>();
for (const a of answers) byStatus.set(`${a.status} ${a.kind}`, (byStatus.get(`${a.status} ${a.kind}`) ?? 0) + 1);
const expected = reference.workshops.join(',');
const badStreams = streams.filter((s) => s.failure || s.workshops.join(',') !== expected);
const cut = streams.filter((s) => s.resumed > 0);
// How often each write reached its service: once is right, 0 is lost, 2 is a double booking.
const reached = new Map<string, number>();
const count = (mark: string) => reached.set(mark, (reached.get(mark) ?? 0) + 1);
stats.comhubSubmissions.forEach(count);
stats.mechmateBookings.forEach((b) => count(`${b.departmentId}|${b.timeSlot}`));
stats.tirehotelBookings.forEach((b) => b.bookingStart && count(b.bookingStart));
const writeKinds = ['lead form', 'service booking', 'tire-hotel booking'] as const;
const writesFailed = writes.filter((w) => w.status < 200 || w.status >= 300);
const notOnce = writes.filter((w) => reached.get(w.mark) !== 1);
const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);

console.log(
  `rolling soak: ${REPLICAS} BFF replicas behind nginx (deploy/nginx/bff.conf), ${elapsedS.toFixed(0)} s, ${WORKERS} request loops + ${STREAMS} workshop streams + a write every ${WRITE_EVERY_MS} ms`,
);
for (const line of restarts) console.log(`  restarted ${line}`);
console.log(
  `pages and API calls: ${answers.length}, failed as a shopper sees them (network error or 5xx): ${failed.length}`,
);
for (const [key, count] of [...byStatus].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(count).padStart(7)}  ${key}`);
if (failed.length)
  console.log(`  failures: ${[...new Set(failed.map((a) => `${a.kind} ${a.status} ${a.cause}`))].join('; ')}`);
console.log(`latency: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
console.log(
  `workshop streams: ${streams.length} pages of ${reference.workshops.length} workshops, ${cut.length} cut by a restart and continued with Last-Event-ID (${cut.reduce((n, s) => n + s.resumed, 0)} reconnects), lost or repeated workshops or failed: ${badStreams.length}`,
);
for (const s of badStreams.slice(0, 5))
  console.log(`  ${s.failure ?? `got ${s.workshops.join(',')}, expected ${expected}`}`);
for (const kind of writeKinds) {
  const of = writes.filter((w) => w.kind === kind);
  const once = of.filter((w) => reached.get(w.mark) === 1).length;
  const twice = of.filter((w) => (reached.get(w.mark) ?? 0) > 1).length;
  console.log(
    `${kind}s: ${of.length} sent, ${of.filter((w) => w.attempts > 1).length} sent again by the shopper's page, failed: ${writesFailed.filter((w) => w.kind === kind).length}, reached the service exactly once: ${once} of ${of.length} (twice or more: ${twice})`,
  );
}
if (writesFailed.length)
  console.log(`  failed writes: ${[...new Set(writesFailed.map((w) => `${w.kind} ${w.status}`))].join('; ')}`);
const ok =
  failed.length === 0 &&
  badStreams.length === 0 &&
  writesFailed.length === 0 &&
  notOnce.length === 0 &&
  restarts.every((r) => !/KILLED|NOT/.test(r));
console.log(ok ? 'PASS' : `FAIL (logs in ${tmp})`);
if (ok) rmSync(tmp, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
