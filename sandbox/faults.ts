import type { Request, Response, NextFunction } from 'express';
import { z } from 'zod';

/**
 * Fault injection, so any failure of any upstream can be reproduced on demand.
 *
 * A fault spec is a comma-separated list: `latency=2000`, `status=503`, `reset`, `garbage`, `hang`,
 * `wrong-type` (a 200 web page), `cut` (the real answer stops mid-body / mid-message), `malformed`
 * (a well-formed answer of the wrong shape / an event-stream message that is not JSON),
 * `oversized=1048576` (a 200 body, or one event-stream message, of that many bytes).
 * The media service's own kind of broken file: `garbage` is a 200 picture (image/jpeg, image/png for a
 * .png) whose bytes are no picture, `malformed` the real file cut short and sent as a whole answer
 * (Content-Length of the shortened body); `cut` breaks the real file off mid-body, as for every service;
 * `svg` is a 200 image/svg+xml with a script in it, whatever was asked (a logo kept under a photo's or a file's
 * name; for another service, an answer of the wrong type).
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
  wrongContentType: z.boolean().optional(),
  cut: z.boolean().optional(),
  malformed: z.boolean().optional(),
  svg: z.boolean().optional(),
  oversizedBytes: z
    .number()
    .int()
    .min(1)
    .max(64 * 1024 * 1024)
    .optional(),
});
export type Fault = z.infer<typeof FaultSchema>;

export function parseFault(spec: string): Fault | undefined {
  const fault: Fault = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=');
    if (name === 'latency' && value && /^\d+$/.test(value)) fault.latencyMs = Number(value);
    else if (name === 'status' && value && /^\d{3}$/.test(value)) fault.status = Number(value);
    else if (name === 'reset') fault.reset = true;
    else if (name === 'garbage') fault.garbage = true;
    else if (name === 'hang') fault.hang = true;
    else if (name === 'wrong-type') fault.wrongContentType = true;
    else if (name === 'cut') fault.cut = true;
    else if (name === 'malformed') fault.malformed = true;
    else if (name === 'svg') fault.svg = true;
    else if (name === 'oversized')
      fault.oversizedBytes = value && /^\d+$/.test(value) ? Number(value) : 16 * 1024 * 1024;
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
    const media = service === 'media';
    if (fault.garbage) {
      if (media)
        res
          .status(200)
          .type(/\.png$/i.test(req.path) ? 'image/png' : 'image/jpeg')
          .send(CORRUPT_PICTURE);
      else res.status(200).type('application/json').send('{"this is": not json at all <html>');
      return;
    }
    if (fault.svg) {
      res.status(200).type('image/svg+xml').send(SCRIPTED_SVG);
      return;
    }
    if (fault.status) {
      res.status(fault.status).json({ message: `sandbox fault: status ${fault.status}` });
      return;
    }
    const stream = (req.header('accept') ?? '').includes('text/event-stream');
    if (fault.wrongContentType) {
      res.status(200).type('text/html').send('<!doctype html><title>Maintenance</title><p>Back soon.</p>');
      return;
    }
    if (fault.oversizedBytes) {
      // Well-formed up to its size: only the size is wrong.
      const pad = 'x'.repeat(Math.max(0, fault.oversizedBytes - 16));
      if (stream) res.status(200).type('text/event-stream').send(`data: {"pad":"${pad}"}\n\n`);
      else res.status(200).type('application/json').send(`{"pad":"${pad}"}`);
      return;
    }
    if (fault.malformed && media) {
      shortenBody(res);
      return next();
    }
    if (fault.malformed && !stream) {
      res.status(200).type('application/json').send('"sandbox fault: a well-formed answer of the wrong shape"');
      return;
    }
    if (fault.cut) cutMidMessage(res, stream);
    if (fault.malformed) malformSecondMessage(res);
    next();
  };
}

/**
 * The service's real answer, broken off: an event stream's first message goes through whole and
 * the next stops half way; any other answer stops half way through its body. Then the socket closes.
 */
function cutMidMessage(res: Response, stream: boolean): void {
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  let passed = 0;
  const cut = (chunk: unknown) => {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk ?? ''));
    if (bytes.length > 1) write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    // Destroyed on the next turn, so the half written above is on the wire first.
    setImmediate(() => res.socket?.destroy());
  };
  res.write = ((chunk: unknown) => {
    if (stream && passed++ === 0) return write(chunk);
    cut(chunk);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    if (typeof chunk === 'function' || chunk === undefined) {
      if (!stream || passed === 0) res.socket?.destroy();
      else cut('data: {"cut": tr');
    } else cut(chunk);
    return res;
  }) as typeof res.end;
}

/** An SVG that runs script when opened as a document from the origin that serves it. */
const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title="ran"</script><rect width="10" height="10"/></svg>';

/**
 * A picture that no decoder can read: a JPEG's start-of-image and JFIF header, then 32 KB of noise where
 * the frame should be (seeded: the same bytes every time).
 */
const CORRUPT_PICTURE = (() => {
  const header = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  const noise = Buffer.alloc(32 * 1024);
  let state = 0x2545f491;
  for (let i = 0; i < noise.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    noise[i] = state & 0xff;
  }
  return Buffer.concat([header, noise]);
})();

/** The real answer's first half, sent as a whole answer: a file cut short on the media server's disk. */
function shortenBody(res: Response): void {
  const end = res.end.bind(res) as (chunk?: unknown) => Response;
  res.end = ((chunk?: unknown) => {
    if (typeof chunk === 'function' || chunk === undefined || chunk === null) return end();
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    const half = bytes.subarray(0, Math.floor(bytes.length / 2));
    if (!res.headersSent) res.setHeader('Content-Length', half.length);
    return end(half);
  }) as typeof res.end;
}

/** An event stream whose second message is not JSON. */
function malformSecondMessage(res: Response): void {
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  let messages = 0;
  res.write = ((chunk: unknown) => {
    if (String(chunk).includes('data: ') && ++messages === 2) return write('id: 1\ndata: {"departmentId": 1, oops\n\n');
    return write(chunk);
  }) as typeof res.write;
}
