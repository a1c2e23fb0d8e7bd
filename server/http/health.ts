import { Router } from 'express';
import type { Lifecycle } from './lifecycle.js';

/** `degraded`: it answers its health check, but commands failed lately (a full or read-only Redis). */
export type DependencyState = 'up' | 'degraded' | 'down' | 'not_configured';

/** A named dependency whose state /readyz reports; a cache being down degrades, it does not stop pages. */
export interface DependencyProbe {
  name: string;
  state(): DependencyState;
  /** What the operator's /readyz adds while it is not up: its last fault, what runs without it. */
  detail?(): Record<string, unknown> | undefined;
}

/** What /readyz answers: its status code, and the details only the operator's listener shows. */
export interface Readiness {
  statusCode: number;
  body: {
    status: Lifecycle['state'];
    dependencies: Record<string, DependencyState>;
    degraded: string[];
    details?: Record<string, Record<string, unknown>>;
  };
}

/**
 * Only starting or stopping is 503: a dependency that is down or failing degrades the answers (caches
 * skipped, per-process limits), it stops none. Every replica shares the one Redis, so taking them out
 * of the load balancer for it would turn a degraded site into no site (docs/operations.md).
 */
export function readiness(lifecycle: Lifecycle, probes: readonly DependencyProbe[]): Readiness {
  const dependencies = Object.fromEntries(probes.map((p) => [p.name, p.state()]));
  const failing = probes.filter((p) => dependencies[p.name] === 'down' || dependencies[p.name] === 'degraded');
  const details = Object.fromEntries(
    failing.flatMap((p) => {
      const detail = p.detail?.();
      return detail ? [[p.name, detail]] : [];
    }),
  );
  return {
    statusCode: lifecycle.state === 'ready' ? 200 : 503,
    body: {
      status: lifecycle.state,
      dependencies,
      degraded: failing.map((p) => p.name),
      ...(Object.keys(details).length > 0 ? { details } : {}),
    },
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
