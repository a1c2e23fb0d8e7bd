import type { RequestHandler } from 'express';
import type { ProxyTrust } from '../http/proxyTrust.js';
import type { Language, Market } from '../../markets/schema.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { languagePrefix, splitLanguagePath } from './languagePath.js';

/** What a Host names: one market, the development index page (bare `localhost`), or nothing we serve. */
export type HostMatch = { kind: 'market'; market: Market } | { kind: 'index' } | { kind: 'unknown' };

const INDEX_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Builds the hostname → market table once; lookups are one Map read. `devHosts`: the *.localhost hosts and bare localhost too. */
export function createMarketResolver(markets: readonly Market[], devHosts = true) {
  const byHost = new Map<string, Market>();
  for (const market of markets) {
    for (const host of [...market.hostnames, ...(devHosts ? [market.devHostname] : [])]) byHost.set(host, market);
  }
  return function resolveMarket(hostHeader: string | undefined): HostMatch {
    const host = normaliseHost(hostHeader);
    if (!host) return { kind: 'unknown' };
    const market = byHost.get(host);
    if (market) return { kind: 'market', market };
    return devHosts && INDEX_HOSTS.has(host) ? { kind: 'index' } : { kind: 'unknown' };
  };
}

/** Lower-cases and strips the port and a trailing dot: `SE.localhost:3000` → `se.localhost`. */
export function normaliseHost(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return withoutPort.replace(/\.$/, '') || undefined;
}

/**
 * The language an API request asks for: the first of its Accept-Language when the market has it
 * (`sv-FI;q=0.9` → sv). An API path carries no language, so the page calling it names its own there
 * (client/forms), and a refusal's text (429) reads in the page's language on fi.localhost/sv too.
 */
export function requestedLanguage(market: Market, acceptLanguage: string | undefined): Language | undefined {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0];
  return market.languages.find((language) => language === first);
}

/**
 * Puts `res.locals.hostMatch` on every request and, for a market host, the market, its language
 * (from a `/{lang}` path prefix, else the market's first), that language's path prefix and translate
 * function (for an API request, in the language its Accept-Language names first when the market has it).
 */
export function marketResolution(
  markets: readonly Market[],
  trustProxy: ProxyTrust,
  devHosts: boolean,
): RequestHandler {
  const resolveMarket = createMarketResolver(markets, devHosts);
  return (req, res, next) => {
    // X-Forwarded-Host (first value) only from a trusted proxy, as for the fast paths' signatures.
    const client = trustProxy.client(req);
    const match = resolveMarket(client.host);
    res.locals.hostMatch = match;
    res.locals.clientKey = client.limitKey;
    if (match.kind === 'market') {
      res.locals.market = match.market;
      const split = splitLanguagePath(match.market, req.path);
      res.locals.language = split.kind === 'page' ? split.language : match.market.languages[0]!;
      res.locals.languagePrefix = languagePrefix(match.market, res.locals.language);
      // Only an API request's messages follow Accept-Language: its answers (searches, stories) stay what
      // the URL and body say, so no cache, ours or a shared one, keeps one shopper's language for another.
      const api = req.path.startsWith('/api/')
        ? requestedLanguage(match.market, req.get('accept-language'))
        : undefined;
      res.locals.t = translator(api ?? res.locals.language);
    }
    next();
  };
}
