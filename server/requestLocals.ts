import type { Language, Market } from '../markets/schema.js';
import type { Translate } from '../markets/translations/dictionaries.js';
import type { PostedForm } from '../contracts/leadFormPost.js';
import type { InFlightPlace } from './http/clientLimits.js';
import type { HostMatch } from './markets/resolveMarket.js';

/** What the pipeline puts on `res.locals`, typed once for every handler after it. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      hostMatch: HostMatch;
      /** Who the client is for its limits and budgets: its address as the configured proxies report it (IPv6 by /64). */
      clientKey: string;
      /** Set on every request whose Host names a market (all page and /api routes). */
      market: Market;
      language: Language;
      /** '' for the market's default language, else `/sv`: put it before any path you link or redirect to (server/markets/languagePath.ts). */
      languagePrefix: string;
      /** The content editor's preview token the content service accepted (server/pages/previewMode.ts); editing mode when set. */
      previewToken?: string;
      /** The content service's languages of a market with more than one (server/pages/contentLanguages.ts), for the language switch. */
      contentLanguages?: readonly { code: Language; name: string }[];
      t: Translate;
      /**
       * The parameters a page reads from this request's query (server/app.ts's 'page parameters' phase): the same
       * that key it in the page cache (server/pageCache/pageKey.ts), so no other parameter can change a kept page.
       */
      pageParams: URLSearchParams;
      /** A part of this page was left out because an upstream failed: the page cache does not keep it (server/pageCache/). */
      pageIncomplete?: boolean;
      /** The route label in /metrics when no Express route answered (a page from the page cache). */
      metricsRoute?: string;
      /** The answer of the lead form this page posted without scripts, shown once (server/api/leadFormRoutes.ts). */
      postedForm?: PostedForm;
      /** This request's place among its client's in-flight requests (server/http/clientLimits.ts): claim it before work a cache did not spare. */
      inFlight?: InFlightPlace;
    }
  }
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (server/http/requestLogging.ts): in the log lines, upstream calls and error bodies. */
    id: string;
    /** The JSON body's bytes as the API's body parser read them (server/api/apiRouter.ts). */
    rawBody?: Buffer;
  }
}

export {};
