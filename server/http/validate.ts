import type { z } from 'zod';
import { ApiError } from './apiError.js';

/**
 * Parses input with its schema or throws the one 400 shape, naming each field at fault.
 * Nothing that fails here ever reaches an upstream.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 20)
    .map((issue) => ({ path: issue.path.map(String).join('.') || what, message: issue.message }));
  const first = issues[0]!;
  throw new ApiError(400, 'bad_request', `Invalid ${what}: ${first.path}: ${first.message}`, { issues });
}
