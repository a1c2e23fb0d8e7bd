import { useEditable } from '../editable.js';
import { SiteCardGrid } from '../../client/sites/SiteCard.js';
import { useSiteCardContext } from '../pages/sites/SiteListSection.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';

/**
 * Site selection (part 2 §2.4): a title, the cards of the editor's predefined site query and an
 * optional link button. A query that fails leaves the block out (server/pages/blockData.ts).
 */
export function SiteSelectionBlock({ block, data, first }: BlockProps<'siteSelection'>) {
  const editable = useEditable();
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  return (
    <section className="site-selection" aria-labelledby={headingId}>
      <Heading id={headingId} {...editable('title')}>
        {block.title}
      </Heading>
      <SiteCardGrid sites={data} context={useSiteCardContext()} />
      {block.link && (
        <p className="site-selection__more">
          <ContentLinkView link={block.link} className="button" />
        </p>
      )}
    </section>
  );
}
