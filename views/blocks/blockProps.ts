import type { ContentBlock, ContentBlockType } from '../../contracts/upstream/content.js';
import type { CarTeaserData } from './CarTeaserIdsBlock.js';
import type { SiteSelectionData } from './SiteSelectionBlock.js';
import type { StoriesBlockData } from './StoriesBlock.js';
import type { ServiceRequestData } from '../../client/islands/serviceRequest/serviceRequestTypes.js';

/**
 * The data a block type loads before the page renders (server/pages/blockData.ts holds the loaders).
 * One line per block type that needs more than its content: the loader's answer type.
 */
export interface BlockDataByType {
  hero: undefined;
  carTeaserIds: CarTeaserData;
  carTeaserQuery: CarTeaserData;
  stories: StoriesBlockData;
  siteSelection: SiteSelectionData;
  serviceRequestForm: ServiceRequestData;
}

export type BlockData<T extends ContentBlockType> = T extends keyof BlockDataByType ? BlockDataByType[T] : undefined;

/** What every block component gets: its block, its loaded data, and whether it opens the page (and so holds the h1). */
export interface BlockProps<T extends ContentBlockType> {
  block: Extract<ContentBlock, { type: T }>;
  data: BlockData<T>;
  first: boolean;
}

/** Loaded block data by block id (a block whose load failed is not in the page's block list at all). */
export type BlockDataMap = ReadonlyMap<string, unknown>;
