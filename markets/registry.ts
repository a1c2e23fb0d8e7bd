import { z } from 'zod';
import { MarketSchema, type Market, type MarketId } from './schema.js';
import { finland } from './fi.js';
import { norway } from './no.js';
import { swedenDealerGroup } from './se.js';
import { swedenUsedCars } from './se-used.js';
import { slovakia } from './sk.js';
import { unitedKingdom } from './uk.js';

const MarketListSchema = z.array(MarketSchema).superRefine((markets, ctx) => {
  const seenHosts = new Map<string, MarketId>();
  const seenIds = new Set<MarketId>();
  for (const market of markets) {
    if (seenIds.has(market.id)) ctx.addIssue({ code: 'custom', message: `market ${market.id} is listed twice` });
    seenIds.add(market.id);
    for (const host of [...market.hostnames, market.devHostname]) {
      const owner = seenHosts.get(host);
      if (owner)
        ctx.addIssue({ code: 'custom', message: `hostname ${host} belongs to both ${owner} and ${market.id}` });
      seenHosts.set(host, market.id);
    }
    for (const lang of market.languages) {
      if (!market.locales[lang])
        ctx.addIssue({ code: 'custom', message: `market ${market.id} has no locale for ${lang}` });
    }
  }
});

/** Every market, validated once when this module loads: a bad market file stops start-up. */
export const MARKETS: readonly Market[] = Object.freeze(
  MarketListSchema.parse([finland, norway, swedenDealerGroup, swedenUsedCars, slovakia, unitedKingdom]),
);

export function marketById(id: MarketId): Market {
  const market = MARKETS.find((m) => m.id === id);
  if (!market) throw new Error(`unknown market ${id}`);
  return market;
}
