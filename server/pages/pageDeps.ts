import type { Logger } from 'pino';
import type { SearchCache } from '../searchCache/searchCache.js';
import type { CardQuotes } from '../catalogue/cardQuotes.js';
import type { Config } from '../config.js';
import type { CompiledRedirects } from '../redirects/compile-redirects.js';
import type { RenderPage } from '../render/renderPage.js';
import type { RequestLimits } from '../security/rateLimits.js';
import type { Upstreams } from '../upstream/upstreams.js';

/** What the page routes read from: the renderer, the upstream clients, the search cache (searches go through it) and the limits. */
export interface PageDeps {
  config: Config;
  logger: Logger;
  renderPage: RenderPage;
  upstreams: Pick<Upstreams, 'content' | 'maps' | 'search'>;
  searchCache: SearchCache;
  /** The UK cards' finance quotes, made once per car and price and kept. */
  cardQuotes: CardQuotes;
  /** The per-client limits: a page's own upstream look-ups beyond its main data count in them (languageQueries.ts). */
  limits: RequestLimits;
  /** The markets' redirects: the sitemap leaves out any path a rule moves. */
  redirects?: CompiledRedirects;
}
