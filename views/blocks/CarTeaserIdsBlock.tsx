import { CarCard } from '../../client/cars/CarCard.js';
import { carCardTextsOf } from '../../client/cars/carCardTexts.js';
import { carDetailPath, type CarSummary } from '../../client/shared/cars/carSummary.js';
import {
  CAR_TEASER_1,
  CAR_TEASER_2,
  CAR_TEASER_3,
  CAR_TEASER_4,
  type PictureLayout,
} from '../../client/shared/media/pictureLayouts.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import { CarSaveToggle } from '../saved/CarSaveToggle.js';
import type { BlockProps } from './blockProps.js';

const TEASER_LAYOUTS = [CAR_TEASER_1, CAR_TEASER_2, CAR_TEASER_3, CAR_TEASER_4];

/** What both car teasers load (server/pages/carTeaserData.ts). */
/** The cards of a car teaser, each linking to its car page; `className` lays them out (grid or scroll). */
export function CarTeaserCards({
  cars,
  className,
  imageLayout,
  headingLevel,
}: {
  cars: readonly CarSummary[];
  className: string;
  imageLayout: PictureLayout;
  headingLevel: 2 | 3;
}) {
  const { t, market, language } = usePage();
  const texts = carCardTextsOf(t, market, language);
  return (
    <ul className={className}>
      {cars.map((car) => (
        <li key={car.id}>
          <CarCard
            car={car}
            href={carDetailPath(market.paths.carDetailBase, car)}
            texts={texts}
            imageLayout={imageLayout}
            headingLevel={headingLevel}
            actions={<CarSaveToggle car={car} />}
          />
        </li>
      ))}
    </ul>
  );
}

/** Cars the editor chose, in their order, in 1 to 4 columns (as many as there are cars, up to 4). */
export function CarTeaserIdsBlock({ block, data, first }: BlockProps<'carTeaserIds'>) {
  const editable = useEditable();
  if (data.cars.length === 0) return null;
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  const columns = Math.min(4, data.cars.length);
  return (
    <section className="car-teaser" {...(block.title ? { 'aria-labelledby': headingId } : {})}>
      {block.title && (
        <Heading id={headingId} {...editable('title')}>
          {block.title}
        </Heading>
      )}
      <CarTeaserCards
        cars={data.cars}
        className={`car-teaser__grid car-teaser__grid--${columns}`}
        imageLayout={TEASER_LAYOUTS[columns - 1]!}
        headingLevel={block.title ? 3 : 2}
      />
    </section>
  );
}
