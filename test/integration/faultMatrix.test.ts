import { jest } from '@jest/globals';
import { request } from 'undici';
import { API_OPERATIONS } from '../../server/api/apiRouter.js';
import { openApiDocument } from '../../server/api/openapi.js';
import {
  documentedApiError,
  failsInsideStream,
  faultCases,
  operationTarget,
  pageTargets,
  send,
  streamMessages,
  type FaultCase,
  type Outcome,
  type Target,
} from '../support/faultMatrix.js';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

/**
 * Every upstream call the BFF makes × every fault the sandbox can inject: the process stays up, the
 * answer is the documented one (a timeout's a 504), nothing is unhandled, /healthz answers after.
 * Targets and faults are generated (test/support/faultMatrix.ts): nothing here lists operations,
 * page types or faults.
 */

jest.setTimeout(240_000);

const DEADLINE_MS = 300;
/** The sandbox's workshop search takes 100-300 ms to start on a busy machine: its deadline is longer. */
const MECHMATE_DEADLINE_MS = 1_000;
/**
 * No cell is timed: a timeout fault's documented answer (504 upstream_timeout) says its deadline fired, since
 * the sandbox answers later than the deadline or never. A call without a deadline would hang: a cell with no
 * answer in this long (far past any deadline here, on any machine) fails as one.
 */
const HANG_MS = 20_000;
const MAX_BODY_BYTES = 512 * 1024;
process.env.SANDBOX_STREAM_INTERVAL_MS = '10'; // the sandbox reads it per request

const peers = stackForThisFile({
  bff: 'app',
  env: {
    UPSTREAM_TIMEOUT_MS: String(DEADLINE_MS),
    UPSTREAM_MECHMATE_TIMEOUT_MS: String(MECHMATE_DEADLINE_MS),
    UPSTREAM_CONNECT_TIMEOUT_MS: String(DEADLINE_MS),
    UPSTREAM_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    MEDIA_MAX_BYTES: String(MAX_BODY_BYTES),
    // Every call reaches the upstream: a cached answer would hide the fault.
    SEARCH_CACHE_TTL_S: '0',
    SEARCH_CACHE_SWR_S: '0',
    // Each cell comes from its own client address, so per-client limits never mask a fault.
    TRUST_PROXY: '1',
  },
});

let server: Awaited<ReturnType<typeof listen>>;
const processFaults: unknown[] = [];
const recordProcessFault = (err: unknown) => processFaults.push(err);
beforeAll(async () => {
  server = await listen(peers.bff.app);
  process.on('uncaughtException', recordProcessFault);
  process.on('unhandledRejection', recordProcessFault);
});
afterAll(async () => {
  process.off('uncaughtException', recordProcessFault);
  process.off('unhandledRejection', recordProcessFault);
  await server.close();
});

let clientAddress = 0;
const nextClient = () => ({
  'x-forwarded-for': `10.11.${Math.floor(++clientAddress / 250)}.${(clientAddress % 250) + 1}`,
});

/** What the answer should have been, or undefined when it was. */
function mismatch(target: Target, fault: FaultCase['fault'], outcome: Outcome): string | undefined {
  if (target.kind === 'json' || (target.kind === 'stream' && !failsInsideStream(fault))) {
    const expected = documentedApiError(fault);
    const code = (JSON.parse(outcome.text || '{}') as { error?: { code?: string } }).error?.code;
    if (outcome.status !== expected.status || code !== expected.code)
      return `answered ${outcome.status} ${code}, documented ${expected.status} ${expected.code}`;
    return undefined;
  }
  if (target.kind === 'stream') {
    const messages = streamMessages(outcome.text);
    if (outcome.status !== 200 || JSON.stringify(messages.at(-1)) !== '{"error":"ServerError"}')
      return `stream answered ${outcome.status}, last message ${JSON.stringify(messages.at(-1))}`;
    return undefined;
  }
  if (target.kind === 'media') {
    if (fault.cut)
      return outcome.status === 200 && outcome.aborted
        ? undefined
        : `a cut file answered ${outcome.status}, aborted ${outcome.aborted}`;
    // A shortened SVG (the media service's malformed) is a whole answer of its type, and its svg one is an SVG too:
    // relayed as they came (sandboxed), since only a reader can tell. Its garbage is a JPEG's type under the .svg
    // name: refused as every other (an empty 502).
    if (fault.malformed || fault.svg) {
      return outcome.status === 200 &&
        !outcome.aborted &&
        /^image\/svg\+xml/.test(String(outcome.headers['content-type']))
        ? undefined
        : `a shortened SVG, relayed, answered ${outcome.status} ${String(outcome.headers['content-type'])}, aborted ${outcome.aborted}`;
    }
    const expected = fault.latencyMs !== undefined || fault.hang ? 504 : 502;
    return outcome.status === expected && outcome.text === ''
      ? undefined
      : `answered ${outcome.status} with ${outcome.text.length} bytes, documented an empty ${expected}`;
  }
  // A page: whole, its degraded state (200), the 503 page with Retry-After, or not found when the content service said so.
  if (![200, 503, 404].includes(outcome.status)) return `page answered ${outcome.status}`;
  if (outcome.status === 404 && fault.status !== 409) return 'page answered 404 for a failing upstream';
  if (outcome.status === 503 && !outcome.headers['retry-after']) return '503 page without Retry-After';
  if (outcome.aborted || !/<\/html>\s*$/.test(outcome.text)) return 'page is not a whole HTML document';
  return undefined;
}

describe('the fault matrix', () => {
  it('has an example request for every operation of the OpenAPI document', () => {
    const documented = Object.entries(openApiDocument(API_OPERATIONS).paths as Record<string, object>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const covered = API_OPERATIONS.map((op) => operationTarget(op).name);
    expect(covered.sort()).toEqual(documented.sort());
  });

  it('answers every fault of every upstream call as documented, at its deadline, and stays up', async () => {
    const { sandbox, bff } = peers;
    const targets = [...API_OPERATIONS.map(operationTarget), ...(await pageTargets(server.origin, sandbox.url))];
    const failures: string[] = [];
    let cells = 0;
    for (const target of targets) {
      // Which upstreams this target calls, seen from the sandbox with no fault.
      const before = { ...sandbox.ctx.stats.requests };
      let baseline = await send(server.origin, target, nextClient());
      if (baseline.status >= 500) {
        // The sandbox builds some data on first use, slower than a short deadline on a busy machine.
        baseline = await send(server.origin, target, nextClient());
      }
      if (baseline.status >= 500) failures.push(`${target.name}: answers ${baseline.status} with no fault`);
      const services = Object.keys(sandbox.ctx.stats.requests).filter(
        (s) => (sandbox.ctx.stats.requests[s] ?? 0) > (before[s] ?? 0),
      );
      const declaredNone =
        target.kind === 'json' &&
        API_OPERATIONS.find((op) => operationTarget(op).name === target.name)?.example?.().noUpstream;
      if (services.length === 0 && !declaredNone)
        failures.push(`${target.name}: its example reached no upstream (answered ${baseline.status})`);
      for (const service of services) {
        const deadlineMs = bff.config.upstreamTimeoutsMs[service as keyof typeof bff.config.upstreamTimeoutsMs];
        for (const { name, fault } of faultCases(deadlineMs, MAX_BODY_BYTES)) {
          const run = async (): Promise<Outcome> => {
            sandbox.ctx.faults.clear();
            sandbox.ctx.faults.set(service, fault);
            let hung: NodeJS.Timeout | undefined;
            const outcome = await Promise.race([
              send(server.origin, target, nextClient()).catch((err: Error) => ({
                status: 0,
                headers: {},
                text: err.message,
                aborted: true,
              })),
              new Promise<Outcome>((resolve) => {
                hung = setTimeout(
                  () => resolve({ status: 0, headers: {}, text: `no answer in ${HANG_MS} ms: a hang`, aborted: true }),
                  HANG_MS,
                );
              }),
            ]);
            clearTimeout(hung);
            sandbox.ctx.faults.clear();
            return outcome;
          };
          let outcome = await run();
          cells++;
          let wrong = mismatch(target, fault, outcome);
          // Tried once more: a timeout where the sandbox itself was slower than the short deadline; one stall of a
          // shared machine is not the BFF's.
          if (wrong && outcome.status === 504) {
            outcome = await run();
            wrong = mismatch(target, fault, outcome);
          }
          if (wrong) failures.push(`${target.name} × ${service} ${name}: ${wrong}`);
          const health = await request(`${server.origin}/healthz`);
          await health.body.dump();
          if (health.statusCode !== 200)
            failures.push(`${target.name} × ${service} ${name}: /healthz then answered ${health.statusCode}`);
        }
      }
    }
    console.log(
      `fault matrix: ${targets.length} targets, ${faultCases(DEADLINE_MS, MAX_BODY_BYTES).length} faults, ${cells} cells`,
    );
    expect(failures).toEqual([]);

    // Nothing reached the process's last line of defence, and nothing failed in a way no handler knew.
    expect(processFaults).toEqual([]);
    const unexpected = bff.log.lines.filter(
      (l) =>
        (l.level as number) >= 60 ||
        /unhandled|uncaught/i.test(String(l.msg)) ||
        (l.res as { statusCode?: number } | undefined)?.statusCode === 500,
    );
    expect(unexpected).toEqual([]);
  });
});
