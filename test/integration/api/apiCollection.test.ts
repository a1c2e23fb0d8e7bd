import { jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { API_OPERATIONS } from '../../../server/api/apiRouter.js';

// The BFF's start, portman's conversion and the run: about 20 s on an idle machine, more on a loaded one.
jest.setTimeout(300_000);

/**
 * `npm run api:collection` as QA runs it: the BFF with its sandbox, the Postman collection portman
 * generates from GET /api/openapi.json, run by newman with its contract tests.
 */
describe('the Postman collection generated from the OpenAPI document', () => {
  it('answers every request as documented and passes every contract test', async () => {
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/apiCollection.ts'], {
      maxBuffer: 32 * 1024 * 1024,
    }).catch((err: { code?: number; stdout?: string; stderr?: string }) => err);
    const summary = /api:collection: (\d+) requests \((\d+) failed\), (\d+) contract tests \((\d+) failed\)/.exec(
      run.stdout ?? '',
    );
    // Newman's report (which request, which test) when it is not green.
    if (!summary || summary[2] !== '0' || summary[4] !== '0') console.log(run.stdout, run.stderr);
    expect(summary).not.toBeNull();
    const [requests = 0, failedRequests, tests = 0, failedTests] = summary!.slice(1).map(Number);
    expect({ failedRequests, failedTests }).toEqual({ failedRequests: 0, failedTests: 0 });
    // Every operation of the document was asked, with its status, content type, JSON and schema checked.
    expect(requests).toBe(API_OPERATIONS.length);
    expect(tests).toBeGreaterThanOrEqual(3 * requests);
  });
});
