import type { z } from 'zod';
import type { CarTeaserData } from '../../views/blocks/blockProps.js';
import type { CarTeaserIdsBlockSchema, CarTeaserQueryBlockSchema } from '../../contracts/upstream/content.js';
import type { BlockLoadRequest } from './blockLoadRequest.js';
import { searchCarSummaries } from '../catalogue/carSummarySearch.js';

/** Fixed cars in the editor's order (the id filter keeps the order of its values). A failing search throws: the block is left out. */
export async function loadCarTeaserIds(
  block: z.infer<typeof CarTeaserIdsBlockSchema>,
  { deps, res, ctx }: BlockLoadRequest,
): Promise<CarTeaserData> {
  const cars = await searchCarSummaries(
    deps.searchCache,
    res.locals.market,
    { filters: [{ field: 'car_id', values: block.carIds }], limit: block.carIds.length },
    ctx,
  );
  return { cars };
}

/** The editor's predefined query, numberOfCars long (default 8). */
export async function loadCarTeaserQuery(
  block: z.infer<typeof CarTeaserQueryBlockSchema>,
  { deps, res, ctx }: BlockLoadRequest,
): Promise<CarTeaserData> {
  const request = {
    ...(block.keyphrase ? { keyphrase: block.keyphrase } : {}),
    ...(block.filters.length > 0 ? { filters: block.filters } : {}),
    ...(block.sortName ? { sort_name: block.sortName } : {}),
    limit: block.numberOfCars,
  };
  return { cars: await searchCarSummaries(deps.searchCache, res.locals.market, request, ctx) };
}
