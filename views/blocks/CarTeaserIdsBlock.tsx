import { CarCard } from '../../client/cars/CarCard.js';
import { carCardTextsOf } from '../../client/cars/carCardTexts.js';
import { carDetailPath, type CarSummary } from '../../client/cars/carSummary.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';

/** What both car teasers load (server/pages/carTeaserData.ts). */
export interface CarTeaserData {
  cars: CarSummary[];
}

/** Cars the editor chose, in their order, in 1 to 4 columns (as many as there are cars, up to 4). */
export function CarTeaserIdsBlock({ block, data, first }: BlockProps<'carTeaserIds'>) {
  const { t, market, language } = usePage();
  const editable = useEditable();
  if (data.cars.length === 0) return null;
  const texts = carCardTextsOf(t, market, language);
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  const columns = Math.min(4, data.cars.length);
  return (
    <section className="car-teaser" {...(block.title ? { 'aria-labelledby': headingId } : {})}>
      {block.title && <Heading id={headingId} {...editable('title')}>{block.title}</Heading>}
      <ul className={`car-teaser__grid car-teaser__grid--${columns}`}>
        {data.cars.map((car) => (
          <li key={car.id}>
            <CarCard car={car} href={carDetailPath(market.paths.carDetailBase, car)} texts={texts} headingLevel={block.title ? 3 : 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}
