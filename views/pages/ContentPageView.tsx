import type { ContentPage } from '../../server/upstream/contracts/content.js';
import { BlockList, renderableBlocks } from '../blocks/BlockList.js';
import { SectionError } from '../blocks/SectionError.js';
import { usePage } from '../PageContext.js';

/** A content service page: its blocks, with a hidden h1 when the first rendered block does not open with one. */
export function ContentPageView({ page }: { page: ContentPage }) {
  const firstType = renderableBlocks(page.blocks)[0]?.type;
  const opensWithHeading = firstType === 'hero' || firstType === 'blurb';
  return (
    <article className="content-page">
      {!opensWithHeading && <h1 className="visually-hidden">{page.name}</h1>}
      <BlockList blocks={page.blocks} />
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
