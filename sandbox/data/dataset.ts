import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  const cached = cache.get(key) ?? fromRunDir(key);
  if (cached) {
    cache.set(key, cached);
    return cached;
  }

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
  toRunDir(key, dataset);
  return dataset;
}

/**
 * A test run's sandboxes share one dataset (SANDBOX_RUN_DIR, scripts/stack/runDir.mjs): each test file starts its
 * own sandbox in a module registry of its own, and building took about 2 s of its CPU. JSON, not v8's structured
 * clone: that makes its objects in Node's own realm, and under jest a Map from there is no `instanceof Map` in the
 * test's. Never outside a run: the directory dies with it, so a copy never outlives the code that built it.
 */
const MAP = '__map';
const DATE = '__date';

function runDirFile(key: string): string | undefined {
  const dir = process.env.SANDBOX_RUN_DIR;
  return dir ? join(dir, `dataset-${key.replace(/[^\w-]/g, '_')}.json`) : undefined;
}

function fromRunDir(key: string): SandboxDataset | undefined {
  const file = runDirFile(key);
  if (!file) return undefined;
  try {
    return readDatasetCopy(file);
  } catch {
    return undefined; // not written yet: this sandbox builds it
  }
}

/** A dataset as toRunDir wrote it: Maps and Dates revived, carsById over the lists' own car objects. */
export function readDatasetCopy(file: string): SandboxDataset {
  const read = JSON.parse(readFileSync(file, 'utf8'), (_key, value: unknown) => {
    if (!value || typeof value !== 'object') return value;
    if (MAP in value) return new Map((value as { [MAP]: [unknown, unknown][] })[MAP]);
    if (DATE in value) return new Date((value as { [DATE]: string })[DATE]);
    return value;
  }) as Omit<SandboxDataset, 'carsById'>;
  // The same car objects as the markets' lists, as when built.
  return { ...read, carsById: new Map([...read.cars.values()].flat().map((car) => [car.car_id, car])) };
}

function toRunDir(key: string, { carsById: _rebuiltOnRead, ...dataset }: SandboxDataset): void {
  const file = runDirFile(key);
  if (!file) return;
  // Written aside and renamed, so a reader never sees half a file; two writers leave one whole copy.
  const partial = `${file}.${process.pid}.partial`;
  try {
    const json = JSON.stringify(dataset, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key]; // before Date's toJSON
      if (raw instanceof Map) return { [MAP]: [...raw] };
      if (raw instanceof Date) return { [DATE]: raw.toISOString() };
      return value;
    });
    writeFileSync(partial, json);
    renameSync(partial, file);
  } catch {
    // A full disk costs the next sandbox a build, nothing more.
  }
}
