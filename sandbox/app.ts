import express, { type Router } from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { FaultBoard, FaultSchema } from './faults.js';
import { SandboxStats } from './stats.js';
import type { SandboxContext } from './context.js';
import { publishCar, searchService } from './services/search.js';
import { contentService } from './services/content.js';
import { mechmateService } from './services/mechmate.js';
import { tirehotelService } from './services/tirehotel.js';
import { comhubService } from './services/comhub.js';
import { codeweaverService } from './services/codeweaver.js';
import { mapsService } from './services/maps.js';
import { mediaService } from './services/media.js';
import { faultMiddleware } from './faults.js';
import { z } from 'zod';
import { MARKET_IDS } from '../markets/schema.js';

/** Each upstream the BFF knows, and the path prefix it answers on in the sandbox. */
export const SANDBOX_SERVICES = {
  search: searchService,
  content: contentService,
  mechmate: mechmateService,
  tirehotel: tirehotelService,
  comhub: comhubService,
  codeweaver: codeweaverService,
  maps: mapsService,
  media: mediaService,
} satisfies Record<string, (ctx: SandboxContext) => Router>;

export type SandboxServiceName = keyof typeof SANDBOX_SERVICES;

export interface SandboxOptions {
  seed?: number;
  /** Same syntax as the SANDBOX_FAULT environment switch. */
  faultSpec?: string;
  now?: () => Date;
  /** Bytes of photographs the media service keeps made (default 48 MB). */
  photoCacheBytes?: number;
}

export function createSandboxApp(options: SandboxOptions = {}) {
  const ctx: SandboxContext = {
    seed: options.seed ?? 20261121,
    stats: new SandboxStats(),
    faults: new FaultBoard(options.faultSpec ?? ''),
    now: options.now ?? (() => new Date()),
    photoCacheBytes: options.photoCacheBytes,
    onClose: [],
    publishedCars: new Map(),
  };
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '1mb' }));

  app.get('/__sandbox/stats', (_req, res) => void res.json(ctx.stats.snapshot()));
  app.post('/__sandbox/reset', (_req, res) => {
    ctx.stats.reset();
    ctx.faults.clear();
    res.status(204).end();
  });
  const FaultRequest = z.object({
    service: z.string().min(1),
    fault: FaultSchema,
    times: z.number().int().positive().optional(),
  });
  app.put('/__sandbox/faults', (req, res) => {
    const parsed = FaultRequest.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ message: parsed.error.message });
    ctx.faults.set(parsed.data.service, parsed.data.fault, parsed.data.times);
    res.status(204).end();
  });
  app.delete('/__sandbox/faults', (_req, res) => {
    ctx.faults.clear();
    res.status(204).end();
  });
  const PublishRequest = z.object({
    market: z.enum(MARKET_IDS),
    like: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
  });
  app.post('/__sandbox/cars', (req, res) => {
    const parsed = PublishRequest.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ message: parsed.error.message });
    const car = publishCar(ctx, parsed.data.market, parsed.data.like);
    if (!car) return void res.status(404).json({ message: `no car ${parsed.data.like} on ${parsed.data.market}` });
    res.status(201).json({ car_id: car.car_id, slug: car.slug, car_published_at: car.car_published_at });
  });

  for (const [name, service] of Object.entries(SANDBOX_SERVICES)) {
    app.use(
      `/${name}`,
      (req, _res, next) => {
        ctx.stats.countRequest(name);
        ctx.stats.recordTraceparent(name, req.header('traceparent'));
        next();
      },
      faultMiddleware(ctx.faults, name),
      service(ctx),
    );
  }
  app.use((_req, res) => void res.status(404).json({ message: 'Not found' }));
  return { app, ctx };
}

/** The BFF's UPSTREAM_<SERVICE>_URL variables, every one naming the sandbox at `url`. */
export function sandboxUpstreamEnv(url: string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(SANDBOX_SERVICES).map((name) => [`UPSTREAM_${name.toUpperCase()}_URL`, `${url}/${name}`]),
  );
}

export interface RunningSandbox {
  url: string;
  server: Server;
  ctx: SandboxContext;
  /** Base URL of one upstream service, as the BFF's UPSTREAM_*_URL would hold it. */
  serviceUrl(name: SandboxServiceName): string;
  /** The BFF's UPSTREAM_<SERVICE>_URL variables, every one naming this sandbox. */
  upstreamEnv(): Record<string, string>;
  close(): Promise<void>;
}

export async function startSandbox(
  port = 0,
  host = '127.0.0.1',
  options: SandboxOptions = {},
): Promise<RunningSandbox> {
  const { app, ctx } = createSandboxApp(options);
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host}:${address.port}`;
  return {
    url,
    server,
    ctx,
    serviceUrl: (name) => `${url}/${name}`,
    upstreamEnv: () => sandboxUpstreamEnv(url),
    close: () =>
      new Promise<void>((resolve) => {
        for (const stop of ctx.onClose) stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
