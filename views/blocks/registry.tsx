import type { ComponentType } from 'react';
import type { ContentBlockType } from '../../server/upstream/contracts/content.js';
import { AccordionBlock } from './AccordionBlock.js';
import type { BlockProps } from './blockProps.js';
import { BlurbBlock } from './BlurbBlock.js';
import { CardsBlock } from './CardsBlock.js';
import { HeroBlock } from './HeroBlock.js';
import { SpacerBlock } from './SpacerBlock.js';

/**
 * The one map from content block type to its server component. A type missing here is left out
 * of the page with a log line (views/blocks/BlockList.tsx) until its component exists.
 */
export const BLOCK_COMPONENTS: { [T in ContentBlockType]?: ComponentType<BlockProps<T>> } = {
  hero: HeroBlock,
  blurb: BlurbBlock,
  cards: CardsBlock,
  accordion: AccordionBlock,
  spacer: SpacerBlock,
};
