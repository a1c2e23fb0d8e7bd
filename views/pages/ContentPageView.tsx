import type { ReactNode } from 'react';
import type { ContentPage } from '../../server/upstream/contracts/content.js';
import { BlockList, renderableBlocks } from '../blocks/BlockList.js';
import type { BlockDataMap } from '../blocks/blockProps.js';
import { SectionError } from '../blocks/SectionError.js';
import { usePage } from '../PageContext.js';

/**
 * A content service page: its blocks (with their loaded data), with a hidden h1 when the first rendered
 * block does not open with one. `children` is what the page kind adds after the blocks (the car list, the kits).
 */
export function ContentPageView({ page, blockData, children }: { page: ContentPage; blockData?: BlockDataMap; children?: ReactNode }) {
  const firstType = renderableBlocks(page.blocks)[0]?.type;
  const opensWithHeading = firstType === 'hero' || firstType === 'blurb';
  return (
    <article className="content-page">
      {!opensWithHeading && <h1 className="visually-hidden">{page.name}</h1>}
      <BlockList blocks={page.blocks} data={blockData} />
      {children}
    </article>
  );
}

/** The content service could not be reached: the layout stays, the page's place shows the section error. */
export function ContentUnavailableView() {
  const { t } = usePage();
  return (
    <>
      <h1 className="visually-hidden">{t('error.serverTitle')}</h1>
      <SectionError />
    </>
  );
}
