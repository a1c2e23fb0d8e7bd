import type { Language, Market } from '../markets/schema.js';
import type { Translate } from '../markets/translations/dictionaries.js';
import type { HostMatch } from './markets/resolveMarket.js';

/** What the pipeline puts on `res.locals`, typed once for every handler after it. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      cspNonce: string;
      hostMatch: HostMatch;
      /** Set on every request whose Host names a market (all page and /api routes). */
      market: Market;
      language: Language;
      t: Translate;
    }
  }
}

export {};
