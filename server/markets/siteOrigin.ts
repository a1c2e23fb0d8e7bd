import type { Request } from 'express';
import type { Market } from '../../markets/schema.js';
import { normaliseHost } from './resolveMarket.js';

/**
 * The origin every absolute URL we publish is on (canonical, hreflang, og:url, og:image, sitemap): the
 * market's first production hostname over https, whichever of its production hosts was asked; on the
 * market's development host, that host itself (with its port), so a local run links to itself and
 * never to production.
 */
export function siteOrigin(market: Market, req: Request): string {
  const host = req.headers.host;
  if (host && normaliseHost(host) === market.devHostname) return `${req.protocol}://${host}`;
  return `https://${market.hostnames[0]}`;
}
