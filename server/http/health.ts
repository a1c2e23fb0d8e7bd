import { Router } from 'express';
import type { Lifecycle } from './lifecycle.js';

export type DependencyState = 'up' | 'down' | 'not_configured';

/** A named dependency whose state /readyz reports; a cache being down degrades, it does not stop pages. */
export interface DependencyProbe {
  name: string;
  state(): DependencyState;
}

export function healthRoutes(lifecycle: Lifecycle, probes: readonly DependencyProbe[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Only starting or stopping is 503: a dependency that is down degrades the answers (caches skipped, per-process limits), it stops none.
  router.get('/readyz', (_req, res) => {
    const dependencies = Object.fromEntries(probes.map((p) => [p.name, p.state()]));
    const degraded = probes.filter((p) => dependencies[p.name] === 'down').map((p) => p.name);
    res
      .status(lifecycle.state === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: lifecycle.state, dependencies, degraded });
  });
  return router;
}
