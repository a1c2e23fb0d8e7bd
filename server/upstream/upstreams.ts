import type { Logger } from 'pino';
import { UPSTREAM_SERVICES, type Config, type UpstreamService } from '../config.js';
import type { Metrics } from '../metrics.js';
import { SearchClient } from './searchClient.js';
import { UpstreamHttp } from './upstreamHttp.js';

/** One HTTP pool per upstream service and the typed client in front of each. */
export interface Upstreams {
  http: Record<UpstreamService, UpstreamHttp>;
  search: SearchClient;
  close(): Promise<void>;
}

export function createUpstreams(config: Config, logger: Logger, metrics: Metrics): Upstreams {
  const http = Object.fromEntries(
    UPSTREAM_SERVICES.map((service) => {
      const baseUrl = config.upstreamUrls[service];
      if (!baseUrl) throw new Error(`No URL for upstream ${service}`);
      const client = new UpstreamHttp({
        service,
        baseUrl,
        connectTimeoutMs: config.upstreamConnectTimeoutMs,
        timeoutMs: config.upstreamTimeoutsMs[service],
        logger,
        metrics,
      });
      return [service, client];
    }),
  ) as Record<UpstreamService, UpstreamHttp>;
  return {
    http,
    search: new SearchClient(http.search),
    close: async () => {
      await Promise.all(Object.values(http).map((h) => h.close()));
    },
  };
}
