import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { UPSTREAM_SERVICES, type UpstreamService } from '../config/upstreams.js';
import type { Metrics } from '../metrics.js';
import { ContentClient } from './contentClient.js';
import { CodeweaverClient } from './codeweaverClient.js';
import { ComhubClient } from './comhubClient.js';
import { MapsClient } from './mapsClient.js';
import { MediaClient } from './mediaClient.js';
import { MechmateClient } from './mechmateClient.js';
import { SearchClient } from './searchClient.js';
import { TirehotelClient } from './tirehotelClient.js';
import { mediaOriginRewriter } from './originRewrite.js';
import { UpstreamHttp } from './upstreamHttp.js';

/** One HTTP pool per upstream service and the typed client in front of each. */
export interface Upstreams {
  http: Record<UpstreamService, UpstreamHttp>;
  search: SearchClient;
  content: ContentClient;
  mechmate: MechmateClient;
  tirehotel: TirehotelClient;
  comhub: ComhubClient;
  codeweaver: CodeweaverClient;
  maps: MapsClient;
  media: MediaClient;
  close(): Promise<void>;
}

export function createUpstreams(config: Config, logger: Logger, metrics: Metrics): Upstreams {
  const rewrite = mediaOriginRewriter(config.upstreamUrls);
  const http = Object.fromEntries(
    UPSTREAM_SERVICES.map((service) => {
      const baseUrl = config.upstreamUrls[service];
      if (!baseUrl) throw new Error(`No URL for upstream ${service}`);
      const client = new UpstreamHttp({
        service,
        baseUrl,
        connectTimeoutMs: config.upstreamConnectTimeoutMs,
        timeoutMs: config.upstreamTimeoutsMs[service],
        maxBodyBytes: config.upstreamMaxBodyBytes,
        rewrite,
        logger,
        metrics,
      });
      return [service, client];
    }),
  ) as Record<UpstreamService, UpstreamHttp>;
  return {
    http,
    search: new SearchClient(http.search),
    mechmate: new MechmateClient(http.mechmate),
    tirehotel: new TirehotelClient(http.tirehotel),
    comhub: new ComhubClient(http.comhub),
    codeweaver: new CodeweaverClient(http.codeweaver),
    maps: new MapsClient(http.maps),
    media: new MediaClient(http.media),
    content: new ContentClient(http.content, logger),
    close: async () => {
      await Promise.all(Object.values(http).map((h) => h.close()));
    },
  };
}
