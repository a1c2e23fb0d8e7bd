import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import {
  SearchRequestSchema,
  parseSearchIndexName,
  type Car,
  type SearchIndexName,
} from '../../contracts/upstream/search.js';
import type { SandboxContext } from '../context.js';
import type { Language, MarketId } from '../../markets/schema.js';
import { sandboxDataset } from '../data/dataset.js';
import { MARKET_PROFILES } from '../data/market-profiles.js';
import { carIn } from '../data/translateDocuments.js';
import { buildSearchIndex, type SearchIndex } from './search-index.js';
import { SearchRequestError, runSearch } from './search-query.js';

/**
 * Media URLs are stored as `/media/...` and made absolute per answer, so they point at whatever origin the
 * caller reached the sandbox on (or SANDBOX_PUBLIC_URL when browsers reach it by another name).
 */
export function absolutiseMedia(json: string, req: Request): string {
  const origin =
    process.env.SANDBOX_PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return json.replaceAll('"/media/', `"${origin}/media/`);
}

/**
 * Indexes built from the dataset on first use and kept for the seed's lifetime; a car index again once a car
 * is published on its market (the key counts them).
 */
function indexes(ctx: SandboxContext): (name: SearchIndexName, language?: Language) => SearchIndex {
  const built = new Map<string, SearchIndex>();
  return (name, language) => {
    const data = sandboxDataset(ctx.seed, ctx.now());
    const { kind, market } = parseSearchIndexName(name);
    // Another of the market's languages has its own documents (same ids and term values, translated texts).
    const translated = language ? data.translated.get(name)?.[language] : undefined;
    const published = kind === 'cars' ? (ctx.publishedCars.get(market) ?? []) : [];
    const key = `${translated ? `${name}:${language}` : name}+${published.length}`;
    let index = built.get(key);
    if (!index) {
      const docs = [
        ...(translated ?? (kind === 'cars' ? data.cars : kind === 'sites' ? data.sites : data.kits).get(market) ?? []),
        ...(translated ? published.map((car) => carIn(car, profileOf(market).language, language!)) : published),
      ];
      index = buildSearchIndex(kind, docs as unknown as Record<string, unknown>[]);
      built.set(key, index);
    }
    return index;
  };
}

const profileOf = (market: MarketId) => MARKET_PROFILES.find((profile) => profile.id === market)!;

/**
 * Puts a car up for sale now: a copy of one of the market's cars (`like`, else its first), pictures, plate and
 * all, under the next free id, published at the sandbox's clock. The search finds it from the next query on; a
 * saved search counts it as new. Undefined when `like` is no car of the market.
 */
export function publishCar(ctx: SandboxContext, market: MarketId, like?: string): Car | undefined {
  const seeded = sandboxDataset(ctx.seed, ctx.now()).cars.get(market) ?? [];
  const published = ctx.publishedCars.get(market) ?? [];
  const template = like === undefined ? seeded[0] : [...seeded, ...published].find((car) => car.car_id === like);
  if (!template) return undefined;
  const lastId = Math.max(...[...seeded, ...published].map((car) => Number(car.car_id)));
  const car: Car = { ...template, car_id: String(lastId + 1), car_published_at: ctx.now().toISOString() };
  ctx.publishedCars.set(market, [...published, car]);
  return car;
}

/** The search service: `POST /search/query` (contracts/upstream/search.ts). */
export function searchService(ctx: SandboxContext): Router {
  const router = express.Router();
  // Build the dataset now (memoised per seed) so the first shopper request is not the one that pays for it.
  sandboxDataset(ctx.seed, ctx.now());
  const indexFor = indexes(ctx);

  router.post('/query', (req, res) => {
    const parsed = SearchRequestSchema.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ message: z.prettifyError(parsed.error) });
    try {
      const answer = runSearch(indexFor(parsed.data.index, parsed.data.language), parsed.data);
      res.type('application/json').send(absolutiseMedia(JSON.stringify(answer), req));
    } catch (error) {
      if (error instanceof SearchRequestError) return void res.status(400).json({ message: error.message });
      throw error;
    }
  });

  return router;
}
