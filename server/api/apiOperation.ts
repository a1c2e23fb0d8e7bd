import type { Request, RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { Market } from '../../markets/schema.js';
import { ApiError } from '../http/apiError.js';
import { validate } from '../http/validate.js';

export type MarketFeature = keyof Market['features'];

/**
 * One API route as data: the schemas its handler validates with are the ones the OpenAPI
 * document (openapi.ts) is generated from, so the two cannot drift apart.
 */
export interface ApiOperation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post';
  /** OpenAPI-style path under /api, e.g. `/mechmate/car/{regNo}`. */
  path: string;
  /** One line: what the operation does (lists and Postman show it). */
  summary: string;
  /** What QA needs to call it: inputs that matter, limits, what each answer means. */
  description: string;
  tag: string;
  /** The tire-hotel cookie it needs (openapi.ts, securitySchemes); none: public. */
  security?: ApiSecurity;
  /** Markets without this feature answer 404. */
  feature?: MarketFeature;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * One request that reaches the upstream (a fresh one per call, so ids that must be unique are):
   * how the fault matrix (test/integration/faultMatrix.test.ts) covers every operation unlisted.
   */
  example?: () => ApiExample;
  /** The success answer; `status` defaults to 200. */
  response: {
    status?: number;
    schema?: z.ZodType;
    contentType?: 'application/json' | 'text/event-stream';
    description?: string;
    /**
     * What the example request answers (the sandbox's data, shortened): shown in the OpenAPI document,
     * checked against `schema` (test/unit/openapiExamples.test.ts) so it cannot drift from the contract.
     */
    example?: unknown;
  };
}

/** The tire-hotel session cookies, as security schemes: `th_login` (validate needs it), `th_session` (bookings). */
export type ApiSecurity = 'tireHotelLogin' | 'tireHotelSession' | 'tireHotelSessionOptional';

/** The market whose host an example asks unless it names another. */
export const EXAMPLE_MARKET = 'se';

export interface ApiExample {
  /** Market id of the host to ask; EXAMPLE_MARKET when left out. */
  market?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  cookies?: Record<string, string>;
  /** The operation answers without any upstream (e.g. logout). */
  noUpstream?: true;
}

/** Any operation, whatever its schemas: what route tables and the OpenAPI document hold. */
export type AnyApiOperation = ApiOperation<z.ZodType, z.ZodType, z.ZodType>;

export interface ParsedRequest<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
}

export const operation = <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(op: ApiOperation<P, Q, B>) =>
  op;

/** Each operation's whole-request schema, built once (on its first request), not per request. */
const requestSchemas = new WeakMap<AnyApiOperation, z.ZodType>();

function requestSchemaOf(op: AnyApiOperation): z.ZodType {
  let schema = requestSchemas.get(op);
  if (!schema) {
    schema = z.object({ path: op.params ?? z.unknown(), query: op.query ?? z.unknown(), body: op.body ?? z.unknown() });
    requestSchemas.set(op, schema);
  }
  return schema;
}

/** Path, query and body checked in one go: a 400 lists every field at fault (`path.regNo`, `query.lat`, `body.customer.email`). */
export function parseRequest<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  op: ApiOperation<P, Q, B>,
  req: Request,
): ParsedRequest<P, Q, B> {
  const schema = requestSchemaOf(op as AnyApiOperation);
  const parsed = validate(
    schema,
    { path: req.params, query: req.query, body: op.body ? req.body : undefined },
    'request',
  ) as Record<'path' | 'query' | 'body', unknown>;
  return { params: parsed.path as z.output<P>, query: parsed.query as z.output<Q>, body: parsed.body as z.output<B> };
}

/** `/mechmate/car/{regNo}` → `/mechmate/car/:regNo` */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers the operation's handler on the router, at its path and method, behind the gate of
 * the market feature it declares: the declaration the OpenAPI document shows is the one enforced.
 */
export function addRoute(router: Router, op: AnyApiOperation, handler: RequestHandler): void {
  const gate: RequestHandler[] = op.feature ? [requireFeature(op.feature)] : [];
  router[op.method](expressPath(op.path), ...gate, handler);
}

/** Routes of a feature this market does not offer answer 404, as if they did not exist. */
export function requireFeature(feature: MarketFeature): RequestHandler {
  return (req, res, next) => {
    if (res.locals.market.features[feature]) return next();
    next(new ApiError(404, 'not_found', `No API route ${req.method} ${req.originalUrl.split('?')[0]} on this site`));
  };
}

/** A day from today (UTC, YYYY-MM-DD) for examples: the document is rebuilt each day, so they stay ahead. */
export const exampleDay = (daysFromToday: number): string =>
  new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
