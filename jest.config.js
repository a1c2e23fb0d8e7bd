// One runner for every kind of test; the projects map to the folders under test/.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
      module: { type: 'es6' },
    },
  ],
};
const shared = {
  transform,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // Sources import siblings as `./x.js` (NodeNext); jest resolves those to the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};
export default {
  // An ESM test file's modules are never freed: Node (20.20 here; nodejs/node#59118) keeps every
  // vm.SourceTextModule alive, and with it the file's whole vm context: the server, React, Express and
  // what the tests held, about 70 MB of heap an integration file. In one process the heap grows by that
  // much a file. So files run in workers (the integration and e2e scripts ask for two: their files wait on
  // sockets, timeouts and Chromium much of the time; with this set jest uses a worker even where it would
  // run in band), and a worker whose heap passed this after a file is replaced. A mitigation for Node's
  // leak, not a fix; `--runInBand` turns it off.
  workerIdleMemoryLimit: '512MB',
  testSequencer: '<rootDir>/test/support/longestFirst.mjs',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/support/hangTimeout.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/support/hangTimeout.ts'],
      // The run's photographs and dataset, made once for every sandbox of it (scripts/stack/runDir.mjs).
      globalSetup: '<rootDir>/test/support/integration/globalSetup.mjs',
      globalTeardown: '<rootDir>/test/support/integration/globalTeardown.mjs',
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts?(x)'],
      // A warm Chromium and a shared product for each worker (test/support/e2e/warmPartsStart.ts).
      globalSetup: '<rootDir>/test/support/e2e/globalSetup.mjs',
      globalTeardown: '<rootDir>/test/support/e2e/globalTeardown.mjs',
    },
  ],
};
