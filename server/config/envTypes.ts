import { z } from 'zod';
import { urlTemplateProblem, type UrlTemplateKind } from '../http/urlTemplate.js';

/** The value kinds settings are written in, each refused at start with a message naming what was expected. */
export const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const port = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a whole number')
  .min(0)
  .max(65535);
const millisecondsSchema = z.coerce
  .number({ message: 'expected milliseconds' })
  .int('expected whole milliseconds')
  .min(1)
  .max(600_000);
export const millis = (fallback: number) => (fallback > 0 ? millisecondsSchema.default(fallback) : millisecondsSchema);
export const seconds = z.coerce.number({ message: 'expected seconds' }).int().min(0).max(86_400);
export const httpUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional();
/** A key prefix in Redis: deployments (or test processes) sharing one Redis keep apart by it. */
export const redisPrefix = (fallback: string, minLength = 1) =>
  z
    .string()
    .regex(new RegExp(`^[\\w:.-]{${minLength},64}$`), 'expected letters, digits, : . _ -')
    .default(fallback);
/** A URL template of its kind (server/http/urlTemplate.ts), refused at start with the reason it would break pages. */
export const urlTemplate = (kind: UrlTemplateKind) =>
  z
    .string()
    .max(500)
    .superRefine((text, ctx) => {
      const problem = urlTemplateProblem(text, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: `expected ${kind.expected}: ${problem}` });
    });

export class ConfigError extends Error {}

/** A `<name>=<a>/<b>` window per entry of `defaults`, each read from its own variable (rate limits, store budgets). */
export function windowsFrom<Name extends string, Window>(
  env: Record<string, string | undefined>,
  defaults: Record<Name, Window>,
  envName: (name: Name) => string,
  schema: z.ZodType<Window, string>,
): Record<Name, Window> {
  const entries = (Object.keys(defaults) as Name[]).map((name) => {
    const variable = envName(name);
    const value = env[variable];
    if (value === undefined) return [name, defaults[name]] as const;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new ConfigError(
        `Invalid environment variable ${variable}=${JSON.stringify(value)}: ${parsed.error.issues[0]!.message}`,
      );
    return [name, parsed.data] as const;
  });
  return Object.fromEntries(entries) as Record<Name, Window>;
}
