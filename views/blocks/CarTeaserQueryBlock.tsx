import { useEditable } from '../editable.js';
import type { BlockProps } from './blockProps.js';
import { CarTeaserCards } from './CarTeaserIdsBlock.js';
import { ContentLinkView } from './ContentLinkView.js';
import { CAR_TEASER_SCROLL } from '../../client/shared/media/pictureLayouts.js';

/** Cars of the editor's predefined query, as a horizontal scroll of 315 px cards, with an optional link to the list. */
export function CarTeaserQueryBlock({ block, data, first }: BlockProps<'carTeaserQuery'>) {
  const editable = useEditable();
  if (data.cars.length === 0) return null;
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  return (
    <section className="car-teaser" {...(block.title ? { 'aria-labelledby': headingId } : {})}>
      <div className="car-teaser__header">
        {block.title && (
          <Heading id={headingId} {...editable('title')}>
            {block.title}
          </Heading>
        )}
        {block.link && <ContentLinkView link={block.link} marker={editable('link')} />}
      </div>
      <CarTeaserCards
        cars={data.cars}
        className="car-teaser__scroll"
        imageLayout={CAR_TEASER_SCROLL}
        headingLevel={block.title ? 3 : 2}
      />
    </section>
  );
}
