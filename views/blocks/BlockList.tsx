import type { ComponentType } from 'react';
import type { ContentBlock } from '../../server/upstream/contracts/content.js';
import { usePage } from '../PageContext.js';
import { BlockBoundary } from './BlockBoundary.js';
import type { BlockDataMap, BlockProps } from './blockProps.js';
import { BLOCK_COMPONENTS } from './registry.js';

type AnyBlockComponent = ComponentType<BlockProps<ContentBlock['type']>>;
export type BlockRegistry = typeof BLOCK_COMPONENTS;

/** The blocks the registry can render, in order. */
export function renderableBlocks(blocks: readonly ContentBlock[], registry: BlockRegistry = BLOCK_COMPONENTS): ContentBlock[] {
  return blocks.filter((block) => registry[block.type] !== undefined);
}

/** A page's blocks in order, each in its own boundary; types without a component are skipped and logged. */
export function BlockList({ blocks, data = new Map(), registry = BLOCK_COMPONENTS }: { blocks: readonly ContentBlock[]; data?: BlockDataMap; registry?: BlockRegistry }) {
  const { report } = usePage();
  for (const block of blocks) {
    if (!registry[block.type]) report('content block skipped: no component for its type', { blockId: block.id, blockType: block.type });
  }
  return (
    <>
      {renderableBlocks(blocks, registry).map((block, index) => {
        const Component = registry[block.type] as AnyBlockComponent;
        return (
          <BlockBoundary key={block.id} blockId={block.id} blockType={block.type}>
            <Component block={block} data={data.get(block.id) as undefined} first={index === 0} />
          </BlockBoundary>
        );
      })}
    </>
  );
}
