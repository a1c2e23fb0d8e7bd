import express, { Router } from 'express';
import type { Logger } from 'pino';
import type { RedisConnection } from '../store/redisConnection.js';
import type { SearchCache } from '../searchCache/searchCache.js';
import type { SearchFastPath } from '../searchCache/searchFastPath.js';
import { SubmissionLedger } from '../searchCache/submissionLedger.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import { apiNotFound } from '../http/errorHandlers.js';
import { PerClientCount } from '../http/clientLimits.js';
import { sameOriginForUnsafeMethods } from '../markets/originCheck.js';
import type { Upstreams } from '../upstream/upstreams.js';
import type { AnyApiOperation } from './apiOperation.js';
import { financeOperations, financeRoutes } from './financeRoutes.js';
import type { CardQuotes } from '../catalogue/cardQuotes.js';
import { formsOperations, formsRoutes } from './formsRoutes.js';
import type { LeadSender } from './leadSender.js';
import type { PostedForms } from './postedForms.js';
import { mechmateOperations, mechmateRoutes } from './mechmateRoutes.js';
import { openApiRoutes } from './openapi.js';
import { placesOperations, placesRoutes } from './placesRoutes.js';
import { searchOperation, searchRoutes } from './searchRoutes.js';
import { storiesOperations, storiesRoutes } from './storiesRoutes.js';
import { tirehotelOperations, tirehotelRoutes } from './tirehotelRoutes.js';
import { tokenCookies } from './tirehotelSession.js';
import type { RequestLimits } from '../security/rateLimits.js';
import { RevokedTokens } from '../security/revokedTokens.js';
import { closestAvailableOperation, relayWorkshopStream } from './workshopStream.js';

export interface ApiDependencies {
  config: Config;
  logger: Logger;
  upstreams: Upstreams;
  searchCache: SearchCache;
  searchFastPath: SearchFastPath;
  redis: RedisConnection;
  metrics: Metrics;
  /** The UK cards' kept finance quotes, shared with the pages. */
  cardQuotes: CardQuotes;
  /** The per-client and brute-force limits, shared with /api/rum. */
  limits: RequestLimits;
  /** The one lead sender, shared with the form posts (server/api/leadFormRoutes.ts). */
  leads: LeadSender;
  /** Answers of lead forms posted without scripts; their bytes are reported with the ledgers'. */
  postedForms: PostedForms;
}

/** Every documented operation, in the order of the OpenAPI document. */
export const API_OPERATIONS: readonly AnyApiOperation[] = [
  searchOperation,
  ...Object.values(mechmateOperations),
  closestAvailableOperation,
  ...Object.values(tirehotelOperations),
  ...Object.values(formsOperations),
  ...Object.values(financeOperations),
  ...Object.values(placesOperations),
  ...Object.values(storiesOperations),
];

/**
 * Everything under /api: POSTs from another origin refused, JSON bodies up to 64 KB, one router per
 * upstream area (markets without an operation's feature answer 404 for it), JSON 404 for the rest.
 */
export function apiRouter(deps: ApiDependencies): Router {
  const { config, upstreams, redis, limits } = deps;
  const api = Router();
  const streamsPerClient = new PerClientCount(config.clientLimits.maxStreams);
  const streamsInProcess = new PerClientCount(config.workshopStream.maxOpen);
  api.use(sameOriginForUnsafeMethods);
  // The raw bytes stay with the request: the search fast path learns answers by them.
  api.use(express.json({ limit: '64kb', verify: (req, _res, bytes) => void (req.rawBody = bytes) }));
  api.use(openApiRoutes(API_OPERATIONS));
  api.use(searchRoutes(deps.searchCache, deps.searchFastPath, limits));
  // Bookings are made once per bookingRequestId, whichever replica each retry reaches.
  // Half the ledger's share each: bookings here, leads in the lead sender (composeApp).
  const ledgerBytes = config.memory.bytes.submissionLedger / 2;
  const bookings = new SubmissionLedger(redis, {
    maxBytes: ledgerBytes,
    prefix: 'bff:booking:',
    writeDeadlineMs: Math.max(config.upstreamTimeoutsMs.mechmate, config.upstreamTimeoutsMs.tirehotel),
  });
  api.use(
    mechmateRoutes(
      upstreams.mechmate,
      limits,
      (req, res) =>
        relayWorkshopStream(req, res, {
          mechmate: upstreams.mechmate,
          options: config.workshopStream,
          logger: deps.logger,
          metrics: deps.metrics,
          perClient: streamsPerClient,
          inProcess: streamsInProcess,
        }),
      bookings,
    ),
  );
  api.use(
    tirehotelRoutes(upstreams.tirehotel, tokenCookies(config.isProduction), limits, new RevokedTokens(redis), bookings),
  );
  const { ledger } = deps.leads;
  deps.metrics.reportCacheBytes(
    'submission_ledger',
    config.memory.bytes.submissionLedger,
    () => ledger.bytes + bookings.bytes + deps.postedForms.bytes,
  );
  api.use(formsRoutes(deps.leads));
  api.use(financeRoutes(upstreams.codeweaver, deps.cardQuotes));
  api.use(placesRoutes(upstreams.maps));
  api.use(storiesRoutes(upstreams.content));
  api.use(apiNotFound);
  return api;
}
