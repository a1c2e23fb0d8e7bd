import type { ComponentType } from 'react';
import type { ContentBlockType } from '../../contracts/upstream/content.js';
import { AccordionBlock } from './AccordionBlock.js';
import type { BlockProps } from './blockProps.js';
import { BlurbBlock } from './BlurbBlock.js';
import { CarTeaserIdsBlock } from './CarTeaserIdsBlock.js';
import { CarTeaserQueryBlock } from './CarTeaserQueryBlock.js';
import { CardsBlock } from './CardsBlock.js';
import { CarouselBlock } from './CarouselBlock.js';
import { CountdownBlock } from './CountdownBlock.js';
import { FileDownloadsBlock } from './FileDownloadsBlock.js';
import { HeroBlock } from './HeroBlock.js';
import { HighlightListBlock } from './HighlightListBlock.js';
import { MegaMenuBlock } from './MegaMenuBlock.js';
import { ShareBlock } from './ShareBlock.js';
import { SiteSelectionBlock } from './SiteSelectionBlock.js';
import { SpacerBlock } from './SpacerBlock.js';
import { StageRowBlock } from './StageRowBlock.js';
import { StoriesBlock } from './StoriesBlock.js';
import { TireHotelBlock } from './TireHotelBlock.js';
import { VideoEmbedBlock } from './VideoEmbedBlock.js';
import { SellCarFormBlock, SellCarShortFormBlock } from './SellCarFormBlocks.js';
import { ServiceRequestFormBlock } from './ServiceRequestFormBlock.js';

/**
 * The one map from content block type to its server component. A type missing here is left out
 * of the page with a log line (views/blocks/BlockList.tsx) until its component exists.
 */
export const BLOCK_COMPONENTS: { [T in ContentBlockType]?: ComponentType<BlockProps<T>> } = {
  hero: HeroBlock,
  carTeaserIds: CarTeaserIdsBlock,
  carTeaserQuery: CarTeaserQueryBlock,
  blurb: BlurbBlock,
  cards: CardsBlock,
  accordion: AccordionBlock,
  spacer: SpacerBlock,
  carousel: CarouselBlock,
  countdown: CountdownBlock,
  fileDownloads: FileDownloadsBlock,
  share: ShareBlock,
  videoEmbed: VideoEmbedBlock,
  highlightList: HighlightListBlock,
  stageRow: StageRowBlock,
  megaMenu: MegaMenuBlock,
  stories: StoriesBlock,
  siteSelection: SiteSelectionBlock,
  sellCarForm: SellCarFormBlock,
  sellCarShortForm: SellCarShortFormBlock,
  serviceRequestForm: ServiceRequestFormBlock,
  tireHotel: TireHotelBlock,
};
