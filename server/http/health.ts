import { Router } from 'express';
import type { Lifecycle } from './lifecycle.js';

export type DependencyState = 'up' | 'down' | 'not_configured';

/** A named dependency whose state /readyz reports; a cache being down degrades, it does not stop pages. */
export interface DependencyProbe {
  name: string;
  state(): DependencyState;
}

/** What /readyz answers: its status code, and the details only the operator's listener shows. */
export interface Readiness {
  statusCode: number;
  body: { status: Lifecycle['state']; dependencies: Record<string, DependencyState>; degraded: string[] };
}

/** Only starting or stopping is 503: a dependency that is down degrades the answers (caches skipped, per-process limits), it stops none. */
export function readiness(lifecycle: Lifecycle, probes: readonly DependencyProbe[]): Readiness {
  const dependencies = Object.fromEntries(probes.map((p) => [p.name, p.state()]));
  const degraded = probes.filter((p) => dependencies[p.name] === 'down').map((p) => p.name);
  return {
    statusCode: lifecycle.state === 'ready' ? 200 : 503,
    body: { status: lifecycle.state, dependencies, degraded },
  };
}

/**
 * /healthz and /readyz as every host (and the orchestrator's probes) reach them: /readyz gives the
 * status code and the process's state alone. Which dependency is down is for the operator's listener
 * (METRICS_PORT, metricsEndpoint.ts): on a market host it told an attacker when the limits were
 * counting per process.
 */
export function healthRoutes(lifecycle: Lifecycle, probes: readonly DependencyProbe[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    const { statusCode, body } = readiness(lifecycle, probes);
    res.status(statusCode).set('Cache-Control', 'no-store').json({ status: body.status });
  });
  return router;
}
