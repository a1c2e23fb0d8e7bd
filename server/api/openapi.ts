import { Router } from 'express';
import { z } from 'zod';
import type { AnyApiOperation } from './apiOperation.js';
import { KNOWN_FORMS } from './formSchemas.js';

type JsonSchema = Record<string, unknown>;

/** `z.preprocess(...)` and friends start with a transform, which JSON Schema cannot show: show what it feeds instead. */
function startsWithTransform(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; in?: z.ZodType };
  return def.type === 'transform' || (def.type === 'pipe' && startsWithTransform(def.in!));
}

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dropped, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
      if (def.type !== 'pipe' || !startsWithTransform(def.in!)) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, jsonSchemaOf(def.out!, io));
    },
  }) as JsonSchema;
  return rest;
}

/** One OpenAPI parameter per key of an object schema (path or query). */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  const shape = (schema as z.ZodObject | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchemaOf(field as z.ZodType, 'input'),
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});
const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('400 bad_request: each field at fault'),
    upstreamStatus: z.number().int().optional(),
    upstream: z
      .object({ message: z.string().optional(), errors: z.object({ 'Error Result': z.array(z.string()) }).optional() })
      .optional()
      .describe("The upstream's own error body, sanitised, when it answered 4xx"),
  }),
});

/** OpenAPI 3.1, generated from the very zod schemas the handlers validate with. */
export function openApiDocument(operations: readonly AnyApiOperation[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const status = String(op.response.status ?? 200);
    const contentType = op.response.contentType ?? 'application/json';
    const success = op.response.schema
      ? {
          description: op.response.description ?? 'OK',
          content: { [contentType]: { schema: jsonSchemaOf(op.response.schema, 'output') } },
        }
      : { description: op.response.description ?? 'No content' };
    (paths[`/api${op.path}`] ??= {})[op.method] = {
      operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.feature ? { 'x-market-feature': op.feature } : {}),
      parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: success,
        '400': errorResponse('Invalid input (nothing reached the upstream), or the upstream refused it'),
        '403': errorResponse('A POST from another origin'),
        '404': errorResponse('Not offered on this market, or not found upstream'),
        '429': errorResponse('Too many attempts (Retry-After says when to try again)'),
        '502': errorResponse('The upstream failed or answered something unexpected'),
        '504': errorResponse('The upstream did not answer in time'),
      },
    };
  }
  const formSchemas = Object.fromEntries(
    KNOWN_FORMS.map((form) => [`FormValues_${form.kind}`, jsonSchemaOf(form.values, 'input')]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backend-for-frontend API',
      version: '1.0.0',
      description: "Every route answers on the shopper's own market host, e.g. http://se.localhost:3000.",
    },
    paths,
    components: { schemas: { ApiError: jsonSchemaOf(ApiErrorSchema, 'output'), ...formSchemas } },
  };
}

/** `GET /api/openapi.json`, built once. */
export function openApiRoutes(operations: readonly AnyApiOperation[]): Router {
  const document = JSON.stringify(openApiDocument(operations));
  return Router().get('/openapi.json', (_req, res) => {
    res.type('application/json').set('Cache-Control', 'public, max-age=300').send(document);
  });
}
