import { jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { parse } from 'yaml';
import { startTestStack } from '../support/testStack.js';

jest.setTimeout(180_000);

const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const RULES = 'deploy/prometheus/alerts.yml';
const DASHBOARD = 'deploy/grafana/bff-dashboard.json';

/** promtool's exit code and what it printed (it exits 1 on a failed check or test). */
async function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  return promisify(execFile)(PROMTOOL, args)
    .then(({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }))
    .catch((err: { code?: number; stdout?: string; stderr?: string }) => ({
      code: err.code ?? 1,
      output: `${err.stdout ?? ''}${err.stderr ?? ''}`,
    }));
}

interface Rule {
  alert: string;
  expr: string;
}
const alertRules = async () =>
  (parse(await readFile(RULES, 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((g) => g.rules);
/** Every panel query of the dashboard, with the job variable as Grafana sends "All". */
const dashboardQueries = async () =>
  (JSON.parse(await readFile(DASHBOARD, 'utf8')) as { panels: Array<{ targets?: Array<{ expr: string }> }> }).panels
    .flatMap((panel) => panel.targets ?? [])
    .map((target) => target.expr.replaceAll('$job', '.+'));

/** The metric families an expression reads (a histogram's _bucket, _count and _sum are its family). */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\b((?:bff|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''));

/** The operator's alerts and dashboard (deploy/), as docs/operations.md says to load them. */
describe('the Prometheus alert rules and the Grafana dashboard', () => {
  it('pass promtool check rules and the rules unit tests (promtool test rules)', async () => {
    const check = await promtool('check', 'rules', RULES);
    expect(check.output).toContain('SUCCESS');
    expect(check.code).toBe(0);
    const tests = await promtool('test', 'rules', 'deploy/prometheus/alerts.test.yml');
    expect(tests.output).toContain('SUCCESS');
    expect(tests.code).toBe(0);
  });

  it('has a dashboard whose every query is valid PromQL and shows every figure an alert watches', async () => {
    const queries = await dashboardQueries();
    const dir = await mkdtemp(join(tmpdir(), 'dashboard-rules-'));
    try {
      const asRules = {
        groups: [{ name: 'dashboard', rules: queries.map((expr, i) => ({ record: `dashboard:query_${i}`, expr })) }],
      };
      await writeFile(join(dir, 'dashboard.yml'), JSON.stringify(asRules));
      const check = await promtool('check', 'rules', join(dir, 'dashboard.yml'));
      expect(check.output).toContain(`SUCCESS: ${queries.length} rules found`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const shown = new Set(queries.flatMap(metricsIn));
    const watched = (await alertRules()).flatMap((rule) => metricsIn(rule.expr));
    expect(watched.filter((metric) => !shown.has(metric))).toEqual([]);
  });

  it('reads only metrics the BFF exposes on /metrics', async () => {
    const { bff, stop } = await startTestStack({ bff: 'process', env: { METRICS_PORT: '0' } });
    try {
      await bff.listening(90_000); // tsx on a loaded machine can take half a minute and more
      const port = bff.logLines().find((line) => line.msg === 'metrics listening')?.metricsPort;
      const scrape = await (await request(`http://127.0.0.1:${String(port)}/metrics`, { reset: true })).body.text();
      const exposed = new Set([...scrape.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
      const read = [...(await alertRules()).map((rule) => rule.expr), ...(await dashboardQueries())].flatMap(metricsIn);
      expect(read.length).toBeGreaterThan(10);
      expect([...new Set(read)].filter((metric) => !exposed.has(metric))).toEqual([]);
    } finally {
      await stop();
    }
  });
});
