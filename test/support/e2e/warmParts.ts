/**
 * Names of what the e2e global setup (globalSetup.mjs) keeps warm for each jest worker, handed to the
 * workers in the environment they inherit: worker n (JEST_WORKER_ID) uses slot n.
 */
export const warmPartsEnv = (slot: number) => ({
  chromium: `E2E_CHROMIUM_WS_${slot}`,
  bff: `E2E_BFF_URL_${slot}`,
  sandbox: `E2E_SANDBOX_URL_${slot}`,
});
