import type { ReactNode } from 'react';
import { PageContext, usePage } from '../PageContext.js';
import { renderApart, usePreloadHandOn } from '../renderApart.js';
import { SectionError } from './SectionError.js';

/**
 * The error boundary of one block. React's error boundaries do not run while rendering on the
 * server, so the block is rendered to a string on its own first: a throw then costs only this block,
 * which shows the section error, and the page still answers 200.
 */
export function BlockBoundary({
  blockId,
  blockType,
  children,
}: {
  blockId: string;
  blockType: string;
  children: ReactNode;
}) {
  const page = usePage();
  const handOn = usePreloadHandOn();
  const isolated = <PageContext.Provider value={page}>{children}</PageContext.Provider>;
  let html: string;
  try {
    html = renderApart(isolated, page, handOn);
  } catch (err) {
    page.report('content block failed to render', { blockId, blockType, err });
    return <SectionError />;
  }
  // In editing mode the wrapper names its block, so the editors' tools can map it back to the content.
  const editMarker = page.editing ? { 'data-edit-block': blockId } : {};
  return (
    <div className="block" data-block-type={blockType} {...editMarker} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
