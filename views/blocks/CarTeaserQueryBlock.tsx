import { CarCard } from '../../client/cars/CarCard.js';
import { carCardTextsOf } from '../../client/cars/carCardTexts.js';
import { carDetailPath } from '../../client/cars/carSummary.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';

/** Cars of the editor's predefined query, as a horizontal scroll of 315 px cards, with an optional link to the list. */
export function CarTeaserQueryBlock({ block, data, first }: BlockProps<'carTeaserQuery'>) {
  const { t, market, language } = usePage();
  const editable = useEditable();
  if (data.cars.length === 0) return null;
  const texts = carCardTextsOf(t, market, language);
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  return (
    <section className="car-teaser" {...(block.title ? { 'aria-labelledby': headingId } : {})}>
      <div className="car-teaser__header">
        {block.title && <Heading id={headingId} {...editable('title')}>{block.title}</Heading>}
        {block.link && <ContentLinkView link={block.link} marker={editable('link')} />}
      </div>
      <ul className="car-teaser__scroll">
        {data.cars.map((car) => (
          <li key={car.id}>
            <CarCard car={car} href={carDetailPath(market.paths.carDetailBase, car)} texts={texts} headingLevel={block.title ? 3 : 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}
