import type { Request, Response, NextFunction } from 'express';
import { z } from 'zod';

/**
 * Fault injection, so any failure of any upstream can be reproduced on demand.
 *
 * A fault spec is a comma-separated list: `latency=2000`, `status=503`, `reset`, `garbage`, `hang`.
 * It comes from (first match wins):
 *  1. the request header `x-sandbox-fault`;
 *  2. a runtime rule set with `PUT /__sandbox/faults` (`{"service":"search","fault":"status=503","times":1}`);
 *  3. the environment switch `SANDBOX_FAULT`, e.g. `search:status=503;mechmate:latency=1500` (no prefix = every service).
 */
export const FaultSchema = z.object({
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  reset: z.boolean().optional(),
  garbage: z.boolean().optional(),
  hang: z.boolean().optional(),
});
export type Fault = z.infer<typeof FaultSchema>;

export function parseFault(spec: string): Fault | undefined {
  const fault: Fault = {};
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, value] = part.split('=');
    if (name === 'latency' && value && /^\d+$/.test(value)) fault.latencyMs = Number(value);
    else if (name === 'status' && value && /^\d{3}$/.test(value)) fault.status = Number(value);
    else if (name === 'reset') fault.reset = true;
    else if (name === 'garbage') fault.garbage = true;
    else if (name === 'hang') fault.hang = true;
  }
  return Object.keys(fault).length > 0 ? FaultSchema.parse(fault) : undefined;
}

interface RuntimeRule {
  service: string | '*';
  fault: Fault;
  /** How many more requests it applies to; undefined = until cleared. */
  remaining?: number;
}

export class FaultBoard {
  private rules: RuntimeRule[] = [];
  private readonly envRules: RuntimeRule[];

  constructor(envSpec = '') {
    this.envRules = envSpec
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)
      .flatMap((entry) => {
        const m = /^([a-z]+):(.*)$/.exec(entry);
        const fault = parseFault(m ? m[2]! : entry);
        return fault ? [{ service: m ? m[1]! : '*', fault }] : [];
      });
  }

  set(service: string, fault: Fault, times?: number): void {
    this.rules.unshift({ service, fault, ...(times ? { remaining: times } : {}) });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for one request to `service`, consuming a counted runtime rule. */
  take(service: string, header: string | undefined): Fault | undefined {
    if (header) {
      const fromHeader = parseFault(header);
      if (fromHeader) return fromHeader;
    }
    const rule = this.rules.find((r) => r.service === service || r.service === '*');
    if (rule) {
      if (rule.remaining !== undefined && --rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
      return rule.fault;
    }
    return this.envRules.find((r) => r.service === service || r.service === '*')?.fault;
  }
}

/** Express middleware applying the fault (if any) before the service handler runs. */
export function faultMiddleware(board: FaultBoard, service: string) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const fault = board.take(service, req.header('x-sandbox-fault'));
    if (!fault) return next();
    if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.hang) return; // never answers; the caller's timeout must fire
    if (fault.reset) {
      req.socket.destroy();
      return;
    }
    if (fault.garbage) {
      res.status(200).type('application/json').send('{"this is": not json at all <html>');
      return;
    }
    if (fault.status) {
      res.status(fault.status).json({ message: `sandbox fault: status ${fault.status}` });
      return;
    }
    next();
  };
}
