import { Router } from 'express';
import { z } from 'zod';
import { MARKETS } from '../../markets/registry.js';
import type { Market } from '../../markets/schema.js';
import { EXAMPLE_MARKET, exampleDay, type AnyApiOperation, type ApiExample, type ApiSecurity } from './apiOperation.js';
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
    retryAfterSeconds: z.number().int().optional().describe('429 and 503: when to try again (as Retry-After)'),
  }),
});

const TAGS: Record<string, string> = {
  search: "The market's cars, sites and kits, through the search cache",
  booking: 'MechMate workshop booking (markets with the booking feature)',
  'tire hotel': 'Tire-hotel agreement, one-time code login and wheel-change booking (tireHotel feature)',
  forms: 'Lead forms to the forms hub, once per formSubmissionId',
  finance: 'UK finance quotes (finance feature)',
  places: 'Swedish place search for the booking map (booking feature)',
  content: 'Stories (news) of the market',
};

/** The tire-hotel tokens never appear in a body: the BFF keeps them in HttpOnly cookies only it reads. */
const COOKIE_NOTE =
  'HttpOnly, SameSite=Strict, Path=/api/tirehotel, Secure in production (curl and Postman over plain http must send it back by hand)';
const SECURITY_SCHEMES = {
  tireHotelLogin: {
    type: 'apiKey',
    in: 'cookie',
    name: 'th_login',
    description: `The login token of the one-time code just sent: set by POST /api/tirehotel/authorization/login, lives 10 minutes; ${COOKIE_NOTE}.`,
  },
  tireHotelSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'th_session',
    description: `The tire-hotel session: set by POST /api/tirehotel/authorization/validate, lives as long as the upstream session (about 30 minutes); ${COOKIE_NOTE}.`,
  },
} as const;
const SECURITY: Record<ApiSecurity | 'public', JsonSchema[]> = {
  public: [],
  tireHotelLogin: [{ tireHotelLogin: [] }],
  tireHotelSession: [{ tireHotelSession: [] }],
  // Logout answers 204 with or without a session.
  tireHotelSessionOptional: [{ tireHotelSession: [] }, {}],
};

/**
 * Each market's development host (`npm start`, any port) and its canonical production host; the market
 * the examples ask first (tools such as Postman take the first server as the base URL).
 */
function serversOf(markets: readonly Market[], first: string = EXAMPLE_MARKET): JsonSchema[] {
  const ordered = [...markets].sort((a, b) => Number(b.id === first) - Number(a.id === first));
  return ordered.flatMap((market) => [
    {
      url: `http://${market.devHostname}:{port}`,
      description: `${market.siteName} (${market.id}), npm start with the sandbox`,
      variables: { port: { default: '3000', description: 'PORT of the BFF' } },
    },
    { url: `https://${market.hostnames[0]}`, description: `${market.siteName} (${market.id}), production` },
  ]);
}

function exampleOf(op: AnyApiOperation): ApiExample {
  if (!op.example) throw new Error(`${op.method.toUpperCase()} /api${op.path} has no example`);
  return op.example();
}

/** A URL's text as the parameter's schema types it (`'59.33'` is the number 59.33), so the example conforms. */
const typed = (text: string, type: unknown): unknown =>
  type === 'number' || type === 'integer' ? Number(text) : type === 'boolean' ? text === 'true' : text;

/** One OpenAPI parameter per key of an object schema (path or query), with the example's value. */
function parametersOf(
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  examples: Record<string, string> = {},
): JsonSchema[] {
  const shape = (schema as z.ZodObject | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => {
    const { description, ...fieldSchema } = jsonSchemaOf(field as z.ZodType, 'input');
    return {
      name,
      in: where,
      required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: fieldSchema,
      ...(examples[name] !== undefined ? { example: typed(examples[name], fieldSchema.type) } : {}),
    };
  });
}

function successOf(op: AnyApiOperation): JsonSchema {
  const { schema, contentType = 'application/json', description, example } = op.response;
  if (!schema) return { description: description ?? 'No content' };
  return {
    description: description ?? 'OK',
    content: {
      [contentType]: { schema: jsonSchemaOf(schema, 'output'), ...(example !== undefined ? { example } : {}) },
    },
  };
}

function errorsOf(op: AnyApiOperation): Record<string, JsonSchema> {
  return {
    '400': errorResponse('bad_request: invalid input (nothing reached the upstream), or the upstream refused it'),
    ...(op.security === 'tireHotelLogin' || op.security === 'tireHotelSession'
      ? { '401': errorResponse('code_required or login_required: the cookie is missing, expired or logged out') }
      : {}),
    ...(op.method === 'post' ? { '403': errorResponse('forbidden_origin: a POST from another origin') } : {}),
    '404': errorResponse('not_found: not offered on this market, or not found upstream'),
    '429': errorResponse('too_many_requests: over a limit (Retry-After says when to try again)'),
    '502': errorResponse(
      'upstream_status or upstream_bad_answer: the upstream failed or answered something unexpected',
    ),
    '503': errorResponse('limits_unavailable or streams_full: try again after Retry-After'),
    '504': errorResponse('upstream_timeout: the upstream did not answer in time'),
  };
}

/** The request body: the example's, and the forms' values schemas named (FormValues_*) where the body is a form. */
function requestBodyOf(op: AnyApiOperation, example: ApiExample): JsonSchema | undefined {
  if (!op.body) return undefined;
  const schema = jsonSchemaOf(op.body, 'input');
  return {
    required: true,
    content: {
      'application/json': {
        schema:
          op.tag === 'forms'
            ? { ...schema, properties: { ...(schema.properties as object), values: FORM_VALUES } }
            : schema,
        ...(example.body !== undefined ? { example: example.body } : {}),
      },
    },
  };
}
const FORM_VALUES = {
  description: 'The values of the form named by formName, as its FormValues schema says',
  anyOf: KNOWN_FORMS.map((form) => ({ $ref: `#/components/schemas/FormValues_${form.kind}` })),
};

const operationId = (op: AnyApiOperation) =>
  `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

/** OpenAPI 3.1, generated from the very zod schemas the handlers validate with. */
export function openApiDocument(
  operations: readonly AnyApiOperation[],
  markets: readonly Market[] = MARKETS,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const example = exampleOf(op);
    const offeredOn = op.feature ? markets.filter((market) => market.features[op.feature!]) : markets;
    (paths[`/api${op.path}`] ??= {})[op.method] = {
      operationId: operationId(op),
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      ...(op.feature ? { 'x-market-feature': op.feature, servers: serversOf(offeredOn, example.market) } : {}),
      security: SECURITY[op.security ?? 'public'],
      parameters: [
        ...parametersOf(op.params, 'path', example.params),
        ...parametersOf(op.query, 'query', example.query),
      ],
      ...(op.body ? { requestBody: requestBodyOf(op, example) } : {}),
      responses: { [String(op.response.status ?? 200)]: successOf(op), ...errorsOf(op) },
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
      description:
        "Every route answers on the shopper's own market host (the servers below; an operation offered on some markets lists only theirs). " +
        "Examples are the sandbox's (npm start): docs/api.md has the same calls with curl and how to run the generated Postman collection. " +
        'Errors always have one shape, ApiError.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: serversOf(markets),
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(ApiErrorSchema, 'output'), ...formSchemas },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/** `GET /api/openapi.json`, built once a day (UTC): the examples' dates stay ahead of today. */
export function openApiRoutes(operations: readonly AnyApiOperation[]): Router {
  let built: { day: string; json: string } | undefined;
  return Router().get('/openapi.json', (_req, res) => {
    const day = exampleDay(0);
    if (built?.day !== day) built = { day, json: JSON.stringify(openApiDocument(operations)) };
    res.type('application/json').set('Cache-Control', 'public, max-age=300').send(built.json);
  });
}
