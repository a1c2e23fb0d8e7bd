import type { BlockDataByType, BlockDataMap } from '../../views/blocks/blockProps.js';
import type { ContentBlock } from '../../contracts/upstream/content.js';
import { loadCarTeaserIds, loadCarTeaserQuery } from './carTeaserData.js';
import type { BlockLoadRequest } from './blockLoadRequest.js';
import { loadHeroSearch } from './heroSearchData.js';
import { loadSiteSelection } from './sitesData.js';
import { loadStoriesBlock } from './storiesData.js';
import { loadServiceRequest } from './serviceRequestData.js';

type BlockOf<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>;
type BlockDataLoaders = {
  [T in keyof BlockDataByType & ContentBlock['type']]?: (
    block: BlockOf<T>,
    request: BlockLoadRequest,
  ) => Promise<BlockDataByType[T]>;
};

/** One loader per block type that needs data from an upstream (the hero search, teasers, site selection, stories). */
const BLOCK_DATA_LOADERS: BlockDataLoaders = {
  hero: loadHeroSearch,
  carTeaserIds: loadCarTeaserIds,
  carTeaserQuery: loadCarTeaserQuery,
  stories: loadStoriesBlock,
  siteSelection: loadSiteSelection,
  serviceRequestForm: loadServiceRequest,
};

/**
 * Loads every block's data in parallel. A block whose load fails is left out of the page (and
 * logged): a teaser the search service cannot fill is better missing than broken.
 */
export async function loadBlockData(
  blocks: readonly ContentBlock[],
  request: BlockLoadRequest,
): Promise<{ blocks: ContentBlock[]; data: BlockDataMap }> {
  const data = new Map<string, unknown>();
  const failed = new Set<string>();
  await Promise.all(
    blocks.map(async (block) => {
      const loader = BLOCK_DATA_LOADERS[block.type as keyof BlockDataLoaders] as
        ((b: ContentBlock, r: BlockLoadRequest) => Promise<unknown>) | undefined;
      if (!loader) return;
      try {
        data.set(block.id, await loader(block, request));
      } catch (err) {
        failed.add(block.id);
        request.res.locals.pageIncomplete = true;
        request.deps.logger.warn(
          { err, requestId: request.ctx.requestId, blockId: block.id, blockType: block.type },
          'content block left out: its data did not load',
        );
      }
    }),
  );
  return { blocks: blocks.filter((b) => !failed.has(b.id)), data };
}
