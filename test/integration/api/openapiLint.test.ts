import { jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { stackForThisFile } from '../../support/testStack.js';

jest.setTimeout(60_000);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/**
 * Redocly CLI's recommended rules (redocly.yaml) on the document as GET /api/openapi.json serves it:
 * what QA's tools (Postman, portman) import must have no error and no warning.
 */
describe('the served OpenAPI document', () => {
  const stack = stackForThisFile({ bff: 'app', sandbox: 'none' });
  let dir: string;
  let served: Record<string, unknown>;
  let problems: LintProblem[];

  beforeAll(async () => {
    const res = await request(stack.bff.app).get('/api/openapi.json').set('Host', 'se.localhost');
    expect(res.status).toBe(200);
    served = res.body as Record<string, unknown>;
    dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    const file = join(dir, 'openapi.json');
    await writeFile(file, res.text);
    // Exits 1 when there are errors; the JSON report is on stdout either way.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--config', 'redocly.yaml', '--format', 'json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    problems = (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("passes Redocly's recommended lint with no error and no warning", () => {
    const report = problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(report).toEqual([]);
  });

  it("names every market's development and production host, the port a variable", () => {
    const servers = served.servers as Array<{ url: string; variables?: { port?: { default: string } } }>;
    expect(servers).toContainEqual(
      expect.objectContaining({ url: 'http://se.localhost:{port}', variables: { port: expect.any(Object) } }),
    );
    expect(servers.map((s) => s.url)).toEqual(
      expect.arrayContaining(['https://www.hedinautomotive.se', 'http://uk.localhost:{port}']),
    );
  });

  it('describes the tire-hotel cookies and which operations need them; public ones need none', () => {
    const paths = served.paths as Record<string, Record<string, { security: unknown[] }>>;
    expect(paths['/api/tirehotel/booking/create']!.post!.security).toEqual([{ tireHotelSession: [] }]);
    expect(paths['/api/tirehotel/authorization/validate']!.post!.security).toEqual([{ tireHotelLogin: [] }]);
    expect(paths['/api/search']!.post!.security).toEqual([]);
    const schemes = (served.components as { securitySchemes: Record<string, unknown> }).securitySchemes;
    expect(schemes.tireHotelSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'th_session' });
  });
});
