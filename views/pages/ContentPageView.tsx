import type { ReactNode } from 'react';
import type { ContentPage } from '../../contracts/upstream/content.js';
import { BlockList, renderableBlocks } from '../blocks/BlockList.js';
import type { BlockDataMap } from '../blocks/blockProps.js';
import { SectionError } from '../blocks/SectionError.js';
import { usePage } from '../PageContext.js';
import { useEditable } from '../editable.js';
import { Breadcrumbs } from '../seo/Breadcrumbs.js';

/**
 * A content service page: its blocks (with their loaded data), with a hidden h1 when the first rendered
 * block does not open with one. `children` is what the page kind adds after the blocks (the car list, the kits);
 * `header` is what it puts above them holding the page's h1 (the story header), so no block opens with one.
 */
/**
 * Blocks whose heading is the page's h1 when they open it (their title is required): the page then writes no
 * hidden h1 of its own, so a sell-car page has one h1, not two ('Byt in din bil' twice on /salj-bil/inbyte).
 */
const OPENING_HEADINGS: ReadonlySet<string> = new Set([
  'hero',
  'blurb',
  'sellCarForm',
  'sellCarShortForm',
  'serviceRequestForm',
  'tireHotel',
]);

export function ContentPageView({
  page,
  blockData,
  header,
  children,
}: {
  page: ContentPage;
  blockData?: BlockDataMap;
  header?: ReactNode;
  children?: ReactNode;
}) {
  const firstType = renderableBlocks(page.blocks)[0]?.type;
  const opensWithHeading = header !== undefined || (firstType !== undefined && OPENING_HEADINGS.has(firstType));
  const editable = useEditable();
  return (
    <article className="content-page">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      {!opensWithHeading && (
        <h1 className="visually-hidden" {...editable('name')}>
          {page.name}
        </h1>
      )}
      {header}
      <BlockList blocks={page.blocks} data={blockData} opensPage={header === undefined} />
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
