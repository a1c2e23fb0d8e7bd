import { MARKETS } from '../../markets/registry.js';
import type { Language, MarketId } from '../../markets/schema.js';
import type { Car, Site } from '../../contracts/upstream/search.js';
import { generateCars } from './cars.js';
import { generateSiteContent, type SiteContent } from './content/site-content.js';
import { generateKits, type KitDocument } from './kits.js';
import { generateSites } from './sites.js';
import { motorcycleDealer } from './motorcycleDealer.js';
import { MARKET_PROFILES } from './market-profiles.js';
import { carIn, kitIn, siteIn } from './translateDocuments.js';

/** Everything the search, content and media services serve, derived from one seed. */
export interface SandboxDataset {
  seed: number;
  /** Dates in the data (publication, holidays, vacations) are relative to this day: the 1st of the month the data was built in. */
  anchor: Date;
  cars: Map<MarketId, Car[]>;
  sites: Map<MarketId, Site[]>;
  kits: Map<MarketId, KitDocument[]>;
  /** By contentSite key. */
  content: Map<string, SiteContent>;
  carsById: Map<string, Car>;
  /** A market's documents in its other content language (Finland in Swedish), by index name then language. */
  translated: Map<string, Partial<Record<Language, Car[] | Site[] | KitDocument[]>>>;
}

const cache = new Map<string, SandboxDataset>();

/**
 * The dataset for a seed, built once and memoised (about a second for everything). The anchor is the
 * first of the current month, so a restart within a month gives byte-identical data.
 */
export function sandboxDataset(seed: number, now: Date = new Date()): SandboxDataset {
  const anchor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const key = `${seed}:${anchor.toISOString()}`;
  const cached = cache.get(key);
  if (cached) return cached;

  const sites = generateSites(seed, anchor) as Map<MarketId, Site[]>;
  const cars = generateCars(seed, sites, anchor) as Map<MarketId, Car[]>;
  sites.get('no')?.push(motorcycleDealer());
  const kits = generateKits(seed, anchor) as Map<MarketId, KitDocument[]>;
  const carsById = new Map([...cars.values()].flat().map((car) => [car.car_id, car]));
  const content = new Map(
    MARKETS.map((market) => {
      // Campaign cars make the fixed-id teaser; reversed so the order differs from the list order.
      const featured = (cars.get(market.id) ?? [])
        .filter((c) => c.car_has_campaign)
        .slice(0, 4)
        .map((c) => c.car_id)
        .reverse();
      return [market.contentSite, generateSiteContent(market, featured, anchor)];
    }),
  );

  const translated = new Map<string, Partial<Record<Language, Car[] | Site[] | KitDocument[]>>>();
  for (const profile of MARKET_PROFILES) {
    for (const language of profile.contentLanguages.filter((l) => l !== profile.language)) {
      const into = (index: string, docs: Car[] | Site[] | KitDocument[]) =>
        translated.set(index, { ...translated.get(index), [language]: docs });
      into(
        `cars-${profile.id}`,
        (cars.get(profile.id) ?? []).map((c) => carIn(c, profile.language, language)),
      );
      into(
        `sites-${profile.id}`,
        (sites.get(profile.id) ?? []).map((s) => siteIn(s, profile.language, language)),
      );
      into(
        `kits-${profile.id}`,
        (kits.get(profile.id) ?? []).map((k) => kitIn(k, profile.language, language)),
      );
    }
  }
  const dataset: SandboxDataset = { seed, anchor, cars, sites, kits, content, carsById, translated };
  cache.set(key, dataset);
  return dataset;
}
