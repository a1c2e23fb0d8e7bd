import { LRUCache } from 'lru-cache';
import type { ComponentType } from 'react';
import type { ContentBlock } from '../../contracts/upstream/content.js';
import { usePage } from '../PageContext.js';
import { BlockBoundary } from './BlockBoundary.js';
import type { BlockDataMap, BlockProps } from './blockProps.js';
import { BLOCK_COMPONENTS } from './registry.js';

type AnyBlockComponent = ComponentType<BlockProps<ContentBlock['type']>>;
export type BlockRegistry = typeof BLOCK_COMPONENTS;

/** The blocks the registry can render, in order. */
export function renderableBlocks(
  blocks: readonly ContentBlock[],
  registry: BlockRegistry = BLOCK_COMPONENTS,
): ContentBlock[] {
  return blocks.filter((block) => registry[block.type] !== undefined);
}

/** Skipped blocks already logged, by page and block: the same page would otherwise log on every view. */
const reportedSkips = new LRUCache<string, true>({ max: 1000 });

/**
 * A page's blocks in order, each in its own boundary; types without a component are skipped and
 * logged (once per page and block in this process). `opensPage` false: the page put its own h1 above them.
 */
export function BlockList({
  blocks,
  data = new Map(),
  registry = BLOCK_COMPONENTS,
  opensPage = true,
}: {
  blocks: readonly ContentBlock[];
  data?: BlockDataMap;
  registry?: BlockRegistry;
  opensPage?: boolean;
}) {
  const { report, market, language, path } = usePage();
  for (const block of blocks) {
    const key = `${market.id}|${language}|${path}|${block.id}`;
    if (registry[block.type] || reportedSkips.has(key)) continue;
    reportedSkips.set(key, true);
    report('content block skipped: no component for its type', { blockId: block.id, blockType: block.type });
  }
  return (
    <>
      {renderableBlocks(blocks, registry).map((block, index) => {
        const Component = registry[block.type] as AnyBlockComponent;
        return (
          <BlockBoundary key={block.id} blockId={block.id} blockType={block.type}>
            <Component block={block} data={data.get(block.id) as undefined} first={opensPage && index === 0} />
          </BlockBoundary>
        );
      })}
    </>
  );
}
