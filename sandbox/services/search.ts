import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { SearchRequestSchema, parseSearchIndexName, type SearchIndexName } from '../../contracts/upstream/search.js';
import type { SandboxContext } from '../context.js';
import type { Language } from '../../markets/schema.js';
import { sandboxDataset } from '../data/dataset.js';
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

/** Indexes built from the dataset on first use and kept for the seed's lifetime. */
function indexes(ctx: SandboxContext): (name: SearchIndexName, language?: Language) => SearchIndex {
  const built = new Map<string, SearchIndex>();
  return (name, language) => {
    const data = sandboxDataset(ctx.seed, ctx.now());
    // Another of the market's languages has its own documents (same ids and term values, translated texts).
    const translated = language ? data.translated.get(name)?.[language] : undefined;
    const key = translated ? `${name}:${language}` : name;
    let index = built.get(key);
    if (!index) {
      const { kind, market } = parseSearchIndexName(name);
      const docs =
        translated ?? (kind === 'cars' ? data.cars : kind === 'sites' ? data.sites : data.kits).get(market) ?? [];
      index = buildSearchIndex(kind, docs as unknown as Record<string, unknown>[]);
      built.set(key, index);
    }
    return index;
  };
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
