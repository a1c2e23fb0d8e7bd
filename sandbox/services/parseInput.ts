import type { z } from 'zod';

/** Field path → messages, as ASP.NET-style validation errors name them ('customer.email'). */
export type FieldErrors = Record<string, string[]>;

export type ParsedInput<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors; summary: string };

/** Validates one part of a request (params, query or body) with its contract schema. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ParsedInput<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    (fields[path] ??= []).push(issue.message);
  }
  const summary = Object.entries(fields)
    .map(([path, messages]) => `${path}: ${messages.join('; ')}`)
    .join(', ');
  return { ok: false, fields, summary };
}
