import express, { Router } from 'express';
import type { Logger } from 'pino';
import type { RedisConnection } from '../cache/redisConnection.js';
import type { SearchCache } from '../cache/searchCache.js';
import type { Config } from '../config.js';
import { apiNotFound } from '../http/errorHandlers.js';
import type { Upstreams } from '../upstream/upstreams.js';
import { searchRoutes } from './searchRoutes.js';

export interface ApiDependencies {
  config: Config;
  logger: Logger;
  upstreams: Upstreams;
  searchCache: SearchCache;
  redis: RedisConnection;
}

/** Everything under /api: JSON bodies up to 64 KB, one router per upstream area, JSON 404 for the rest. */
export function apiRouter(deps: ApiDependencies): Router {
  const api = Router();
  api.use(express.json({ limit: '64kb' }));
  api.use(searchRoutes(deps.searchCache));
  api.use(apiNotFound);
  return api;
}
