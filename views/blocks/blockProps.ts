import type { ContentBlock, ContentBlockType } from '../../contracts/upstream/content.js';
import type { Story } from '../../contracts/upstream/content.js';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import type { SiteCardData } from '../../client/shared/sites/siteCard.js';
import type { ServiceRequestData } from '../../client/islands/serviceRequest/serviceRequestTypes.js';

export interface CarTeaserData {
  cars: CarSummary[];
}

export type SiteSelectionData = SiteCardData[];

export interface StoriesBlockData {
  stories: Story[];
  total: number;
  /** Every tag of the site's stories, for the chips. */
  tags: string[];
  /** The tag shown: the block's own or the shopper's chip. */
  tag: string | null;
  /** How many pages of STORIES_PAGE_SIZE the list has reached (`?page=`). */
  pages: number;
  /** The page `stories` are (0 but for a deep link, whose earlier pages the stories script fetches). */
  fromPage: number;
}

/** The hero search's hidden fields: the page's parameters (name, value) that exist on the market, keyphrase aside. */
export interface HeroSearchData {
  carried: [string, string][];
}

/**
 * The data a block type loads before the page renders (server/pages/blockData.ts holds the loaders).
 * One line per block type that needs more than its content: the loader's answer type.
 */
export interface BlockDataByType {
  /** Undefined where no loader ran (a block rendered on its own): the search then carries every page parameter. */
  hero: HeroSearchData | undefined;
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
