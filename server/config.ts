import { z } from 'zod';
import { cgroupMemoryLimitBytes } from './memoryBudget.js';
import { cacheSettings, cachesSchema } from './config/caches.js';
import { ConfigError } from './config/envTypes.js';
import { pictureSettings, picturesSchema } from './config/pictures.js';
import { REQUEST_LIMIT_WINDOW_VARIABLES, requestLimitSettings, requestLimitsSchema } from './config/requestLimits.js';
import { servingSchema, servingSettings } from './config/serving.js';
import { upstreamSettings, upstreamsSchema } from './config/upstreams.js';

/**
 * Every setting the process reads, from environment variables only, parsed once at start-up: one schema and its
 * mapping per concern (server/config/). Listed with defaults in docs/configuration.md (test/unit/docsMatchCode.test.ts
 * keeps the two in step).
 */
export const EnvSchema = z.object({
  ...servingSchema.shape,
  ...requestLimitsSchema.shape,
  ...upstreamsSchema.shape,
  ...cachesSchema.shape,
  ...picturesSchema.shape,
});
export type Env = z.infer<typeof EnvSchema>;

/** Every variable the process reads (deploy manifests name only these: test/unit/kubernetesManifests.test.ts). */
export const ENV_VARIABLES: readonly string[] = [...Object.keys(EnvSchema.shape), ...REQUEST_LIMIT_WINDOW_VARIABLES];

export type Config = ReturnType<typeof servingSettings> &
  ReturnType<typeof requestLimitSettings> &
  ReturnType<typeof upstreamSettings> &
  ReturnType<typeof cacheSettings> &
  ReturnType<typeof pictureSettings>;

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cgroupLimitBytes: () => number | undefined = cgroupMemoryLimitBytes,
): Config {
  // Empty strings (e.g. `REDIS_URL=` in a compose file) mean "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const name = String(first.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(
      `Invalid environment variable ${name}${value !== undefined ? `=${JSON.stringify(value)}` : ''}: ${first.message}`,
    );
  }
  const e = parsed.data;
  const serving = servingSettings(e);
  return {
    ...serving,
    ...upstreamSettings(e, serving),
    ...requestLimitSettings(e, present),
    ...cacheSettings(e, cgroupLimitBytes),
    ...pictureSettings(e),
  };
}
