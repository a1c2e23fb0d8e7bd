import type { Response } from 'express';
import { CAR_SUMMARY_FIELDS, toCarSummary } from '../../client/cars/carSummary.js';
import type { CarTeaserData } from '../../views/blocks/CarTeaserIdsBlock.js';
import type { CarTeaserIdsBlockSchema, CarTeaserQueryBlockSchema } from '../upstream/contracts/content.js';
import { CarSchema, searchResponseOf, type SearchIndexName, type SearchRequest } from '../upstream/contracts/search.js';
import type { BlockLoadRequest } from './blockData.js';
import type { z } from 'zod';

/** The search answer projected to what a card needs, checked (a car missing a card field is a bad answer). */
export const CarSummaryResponseSchema = searchResponseOf(
  CarSchema.pick(Object.fromEntries(CAR_SUMMARY_FIELDS.map((f) => [f, true])) as Record<(typeof CAR_SUMMARY_FIELDS)[number], true>),
);

async function searchCarSummaries(request: Omit<SearchRequest, 'index' | 'fields'>, res: Response, { deps, ctx }: BlockLoadRequest): Promise<CarTeaserData> {
  const { value } = await deps.searchCache.search(
    { ...request, index: res.locals.market.searchIndexes.cars as SearchIndexName, fields: [...CAR_SUMMARY_FIELDS] },
    ctx,
  );
  return { cars: CarSummaryResponseSchema.parse(value).content.map(toCarSummary) };
}

/** Fixed cars in the editor's order (the id filter keeps the order of its values). A failing search throws: the block is left out. */
export function loadCarTeaserIds(block: z.infer<typeof CarTeaserIdsBlockSchema>, request: BlockLoadRequest): Promise<CarTeaserData> {
  return searchCarSummaries({ filters: [{ field: 'car_id', values: block.carIds }], limit: block.carIds.length }, request.res, request);
}

/** The editor's predefined query, numberOfCars long (default 8). */
export function loadCarTeaserQuery(block: z.infer<typeof CarTeaserQueryBlockSchema>, request: BlockLoadRequest): Promise<CarTeaserData> {
  return searchCarSummaries(
    {
      ...(block.keyphrase ? { keyphrase: block.keyphrase } : {}),
      ...(block.filters.length > 0 ? { filters: block.filters } : {}),
      ...(block.sortName ? { sort_name: block.sortName } : {}),
      limit: block.numberOfCars,
    },
    request.res,
    request,
  );
}
