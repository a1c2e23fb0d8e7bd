import { Router, type Request } from 'express';
import { z } from 'zod';
import { compressed } from '../searchCache/compressedVariants.js';
import { UpstreamCallRefused, type SearchCache } from '../searchCache/searchCache.js';
import type { SearchFastPath } from '../searchCache/searchFastPath.js';
import { chooseEncoding } from '../http/contentEncoding.js';
import { refuseFor, type RequestLimits } from '../security/rateLimits.js';
import type { LimitOutcome } from '../store/sharedRateLimiter.js';
import { callContextOf } from '../upstream/callContext.js';
import { LANGUAGES } from '../../markets/schema.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';
import {
  CarSchema,
  KitSchema,
  SEARCH_DATE_FIELDS,
  SEARCH_INDEX_KINDS,
  SEARCH_RANGE_FIELDS,
  SEARCH_SORTS,
  SEARCH_TERM_FIELDS,
  SearchFilterValueSchema,
  SearchResponseSchema,
  SearchSortNameSchema,
  SiteSchema,
  type SearchIndexKind,
  type SearchIndexName,
} from '../../contracts/upstream/search.js';

/** Car list pages are 48 long and stop at 20 pages. */
export const SEARCH_PAGE_SIZE = 48;
export const SEARCH_MAX_PAGES = 20;

const RETURNABLE_FIELDS: Record<SearchIndexKind, ReadonlySet<string>> = {
  cars: new Set(Object.keys(CarSchema.shape)),
  sites: new Set(Object.keys(SiteSchema.shape)),
  kits: new Set(Object.keys(KitSchema.shape)),
};
const FACET_FIELDS: Record<SearchIndexKind, ReadonlySet<string>> = {
  cars: new Set([...SEARCH_TERM_FIELDS.cars, ...SEARCH_RANGE_FIELDS.cars]),
  sites: new Set([...SEARCH_TERM_FIELDS.sites, ...SEARCH_RANGE_FIELDS.sites]),
  kits: new Set([...SEARCH_TERM_FIELDS.kits, ...SEARCH_RANGE_FIELDS.kits]),
};
const FILTER_FIELDS: Record<SearchIndexKind, ReadonlySet<string>> = {
  cars: new Set([...FACET_FIELDS.cars, ...SEARCH_DATE_FIELDS.cars]),
  sites: new Set([...FACET_FIELDS.sites, ...SEARCH_DATE_FIELDS.sites]),
  kits: new Set([...FACET_FIELDS.kits, ...SEARCH_DATE_FIELDS.kits]),
};
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** What islands and QA may ask: an allow-listed subset of the search contract, bounded everywhere. */
export const ApiSearchBodySchema = z
  .strictObject({
    index: z.enum(SEARCH_INDEX_KINDS),
    fields: z.array(z.string().max(64)).max(60).optional(),
    keyphrase: z.string().max(200).optional(),
    facets: z.array(z.string().max(64)).max(30).optional(),
    limit: z.number().int().min(0).max(100).optional(),
    offset: z
      .number()
      .int()
      .min(0)
      .max(SEARCH_PAGE_SIZE * SEARCH_MAX_PAGES)
      .optional(),
    sort_name: SearchSortNameSchema.optional(),
    filters: z
      .array(z.strictObject({ field: z.string().max(64), values: z.array(SearchFilterValueSchema).min(1).max(50) }))
      .max(20)
      .optional(),
    /** The page's language, when the market has more than one: the texts of the answer are in it. */
    language: z.enum(LANGUAGES).optional(),
    /** Where `distance_asc` measures from; rounded to 0.05° before it is searched or kept (client/shared/geo/roundedPlace.ts). */
    origin: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
  })
  .superRefine((body, ctx) => {
    const kind = body.index;
    body.fields?.forEach((field, i) => {
      if (!RETURNABLE_FIELDS[kind].has(field))
        ctx.addIssue({ code: 'custom', path: ['fields', i], message: `unknown field ${field}` });
    });
    body.facets?.forEach((field, i) => {
      if (!FACET_FIELDS[kind].has(field))
        ctx.addIssue({ code: 'custom', path: ['facets', i], message: `no facet ${field}` });
    });
    if (body.sort_name && !(SEARCH_SORTS[kind] as readonly string[]).includes(body.sort_name)) {
      ctx.addIssue({ code: 'custom', path: ['sort_name'], message: `${kind} cannot be sorted by ${body.sort_name}` });
    }
    if (body.sort_name === 'distance_asc' && !body.origin) {
      ctx.addIssue({ code: 'custom', path: ['origin'], message: 'distance_asc measures from an origin {lat, lng}' });
    }
    body.filters?.forEach((filter, i) => {
      if (!FILTER_FIELDS[kind].has(filter.field)) {
        ctx.addIssue({ code: 'custom', path: ['filters', i, 'field'], message: `cannot filter by ${filter.field}` });
      } else if ((SEARCH_RANGE_FIELDS[kind] as readonly string[]).includes(filter.field)) {
        const [min, max] = filter.values;
        if (filter.values.length !== 2 || typeof min !== 'number' || typeof max !== 'number' || min > max) {
          ctx.addIssue({
            code: 'custom',
            path: ['filters', i, 'values'],
            message: 'a range takes exactly two numbers, min then max',
          });
        }
      } else if ((SEARCH_DATE_FIELDS[kind] as readonly string[]).includes(filter.field)) {
        const [from, to] = filter.values;
        if (
          filter.values.length !== 2 ||
          typeof from !== 'string' ||
          typeof to !== 'string' ||
          !ISO_TIMESTAMP.test(from) ||
          !ISO_TIMESTAMP.test(to) ||
          Date.parse(from) > Date.parse(to)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['filters', i, 'values'],
            message: 'a date range takes exactly two ISO 8601 timestamps, from then to',
          });
        }
      }
    });
  });

export const searchOperation = operation({
  tag: 'search',
  method: 'post',
  path: '/search',
  summary: "Search the market's cars, sites or kits",
  description:
    "The market's cars, sites (workshops and dealers) or kits through the search cache (header x-cache: hit, miss, stale or bypass): " +
    'fields picks what each document carries, facets asks for term counts or ranges, filters narrow (a range field takes [min, max]), keyphrase searches the texts, ' +
    'a date field (car_published_at) takes [from, to] ISO timestamps, ' +
    "sort_name sorts (distance_asc from origin {lat, lng}, rounded to 0.05°), limit and offset page (48 a page, 20 pages at most). language picks one of the market's languages (fi: sv). Unknown fields, facets and filters answer 400.",
  body: ApiSearchBodySchema,
  response: {
    schema: SearchResponseSchema,
    description: 'facet (in the order asked), content and total_items; header x-cache: hit, miss, stale or bypass',
    example: {
      facet: [
        {
          name: 'car_brand',
          type: 'term',
          values: [
            { value: 'Volvo', count: 213 },
            { value: 'Volkswagen', count: 189 },
          ],
        },
      ],
      content: [
        { car_id: '100646', car_brand: 'Volkswagen', car_model: 'Transporter', car_price: 420900 },
        { car_id: '100280', car_brand: 'Volkswagen', car_model: 'Amarok', car_price: 223900 },
      ],
      total_items: 1500,
    },
  },
  example: () => ({
    body: { index: 'cars', fields: ['car_id', 'car_brand', 'car_model', 'car_price'], facets: ['car_brand'], limit: 2 },
  }),
});

/** A search: the cache may answer it, so it counts against its client's in-flight cap only when the search service is asked. */
export const isSearchRequest = (req: Request): boolean => req.method === 'POST' && req.path === '/api/search';

/**
 * POST /api/search: the market's own index, through the cache; `x-cache` says how it was answered.
 * Each answer teaches `fastPath` this request, so that a repeat is sent before Express while it is fresh.
 */
export function searchRoutes(cache: SearchCache, fastPath: SearchFastPath, limits: RequestLimits): Router {
  const router = Router();
  const limiter = limits.limiters.searchesPerClient;
  addRoute(router, searchOperation, async (req, res) => {
    const { body } = parseRequest(searchOperation, req);
    const { market } = res.locals;
    const { language, ...search } = body;
    let refused: LimitOutcome | undefined;
    // Only another of the market's languages changes the answer; the first is the index's own.
    const other =
      language && language !== market.languages[0] && market.languages.includes(language) ? { language } : {};
    const {
      bytes,
      cache: cacheResult,
      key,
    } = await cache
      .searchBytes(
        { ...search, ...other, index: market.searchIndexes[body.index] as SearchIndexName },
        callContextOf(req, res),
        // Counted only when the search service is asked: an answer the cache holds costs nothing.
        async () => (refused = await limiter.consume(limits.clientKey(req))).allowed,
      )
      .catch((err: unknown) => {
        if (err instanceof UpstreamCallRefused && refused && !refused.allowed) refuseFor(res, limiter, refused);
        throw err;
      });
    // The stored JSON as it is: checked once when the search service gave it, compressed once for each encoding asked.
    res
      .set('x-cache', cacheResult)
      .set('Cache-Control', 'no-store')
      .set('Vary', 'Accept-Encoding')
      .type('application/json');
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const sent = await compressed(bytes, encoding).catch(() => undefined);
    // With Content-Encoding set, the compression middleware sends these bytes as they are.
    if (sent && encoding !== 'identity') res.set('Content-Encoding', encoding);
    const answer = sent ?? bytes;
    // `end`, not `send`: no ETag, which an answer to a POST never uses (and the fast path's repeats do not carry).
    res.set('Content-Length', String(answer.length)).end(answer);
    fastPath.learn(req, res, key);
  });
  return router;
}
