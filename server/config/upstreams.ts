import { z } from 'zod';
import { ConfigError, httpUrl, millis } from './envTypes.js';

export const UPSTREAM_SERVICES = [
  'search',
  'content',
  'mechmate',
  'tirehotel',
  'comhub',
  'codeweaver',
  'maps',
  'media',
] as const;
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

type Service = Uppercase<UpstreamService>;
const SERVICE_NAMES = UPSTREAM_SERVICES.map((service) => service.toUpperCase() as Service);
const urlVariable = (service: UpstreamService) => `UPSTREAM_${service.toUpperCase() as Service}_URL` as const;
const timeoutVariable = (service: UpstreamService) =>
  `UPSTREAM_${service.toUpperCase() as Service}_TIMEOUT_MS` as const;

/** The upstream services: each one's URL and deadline, what their answers may weigh, the workshop stream relay. */
export const upstreamsSchema = z.object({
  ...(Object.fromEntries(SERVICE_NAMES.map((name) => [`UPSTREAM_${name}_URL`, httpUrl])) as Record<
    `UPSTREAM_${Service}_URL`,
    typeof httpUrl
  >),
  UPSTREAM_CONNECT_TIMEOUT_MS: millis(2_000),
  UPSTREAM_TIMEOUT_MS: millis(5_000),
  // Per-service deadlines; each falls back to UPSTREAM_TIMEOUT_MS.
  ...(Object.fromEntries(SERVICE_NAMES.map((name) => [`UPSTREAM_${name}_TIMEOUT_MS`, millis(0).optional()])) as Record<
    `UPSTREAM_${Service}_TIMEOUT_MS`,
    z.ZodOptional<ReturnType<typeof millis>>
  >),
  // The largest JSON answer read from an upstream, and the largest media file relayed (bytes).
  UPSTREAM_MAX_BODY_BYTES: z.coerce
    .number({ message: 'expected bytes' })
    .int()
    .min(1024)
    .max(1_073_741_824)
    .default(8 * 1024 * 1024),
  MEDIA_MAX_BYTES: z.coerce
    .number({ message: 'expected bytes' })
    .int()
    .min(1024)
    .max(4_294_967_296)
    .default(100 * 1024 * 1024),
  // Workshop event stream (GET /api/mechmate/departments/closestAvailable).
  WORKSHOP_STREAM_IDLE_TIMEOUT_MS: millis(20_000),
  WORKSHOP_STREAM_HEARTBEAT_MS: millis(15_000),
  WORKSHOP_STREAM_RETRY_MS: millis(3_000),
  // Workshop streams open at once in this process, from every client together (each holds an upstream connection); more is 503.
  WORKSHOP_STREAM_MAX_OPEN: z.coerce
    .number({ message: 'expected a count' })
    .int('expected a whole number')
    .min(1)
    .max(100_000)
    .default(500),
});

const perService = <T>(value: (service: UpstreamService) => T) =>
  Object.fromEntries(UPSTREAM_SERVICES.map((service) => [service, value(service)])) as Record<UpstreamService, T>;

export function upstreamSettings(e: z.infer<typeof upstreamsSchema>, { isProduction }: { isProduction: boolean }) {
  // Production never starts without a service (a lead would vanish); npm start gives the sandbox's to those unset.
  const unset = UPSTREAM_SERVICES.map(urlVariable).find((name) => e[name] === undefined);
  if (unset && isProduction) {
    throw new ConfigError(
      `Missing environment variable ${unset}: every upstream URL is required in production (npm start runs the sandbox for those unset)`,
    );
  }
  return {
    /** Base URL per upstream service; every one is required to start (npm start gives the sandbox's to those unset). */
    upstreamUrls: perService((service): string | undefined => e[urlVariable(service)]),
    upstreamConnectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
    /** Deadline of one call (retries included) per upstream service. */
    upstreamTimeoutsMs: perService((service) => e[timeoutVariable(service)] ?? e.UPSTREAM_TIMEOUT_MS),
    upstreamMaxBodyBytes: e.UPSTREAM_MAX_BODY_BYTES,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    /** The workshop SSE relay: give up after this long without an upstream byte; `:` comment this often; browser `retry:`; streams open at once in the process. */
    workshopStream: {
      idleTimeoutMs: e.WORKSHOP_STREAM_IDLE_TIMEOUT_MS,
      heartbeatMs: e.WORKSHOP_STREAM_HEARTBEAT_MS,
      retryMs: e.WORKSHOP_STREAM_RETRY_MS,
      maxOpen: e.WORKSHOP_STREAM_MAX_OPEN,
    },
  };
}
