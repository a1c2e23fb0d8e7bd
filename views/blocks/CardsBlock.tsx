import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { useEditable } from '../editable.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';
import { CARDS } from '../../client/shared/media/pictureLayouts.js';

/** A grid of cards; a card's link carries its own text so each link says where it goes. */
export function CardsBlock({ block }: BlockProps<'cards'>) {
  const CardHeading = block.title ? 'h3' : 'h2';
  const edit = useEditable();
  return (
    <section className="cards">
      {block.title && <h2 {...edit('title')}>{block.title}</h2>}
      <ul className="cards__list">
        {block.cards.map((card, i) => (
          <li key={i} className="card">
            {card.image && (
              <ResponsiveImage
                className="card__image"
                src={card.image.src}
                alt=""
                width={card.image.width}
                height={card.image.height}
                layout={CARDS}
                {...edit(`cards.${i}.image`)}
              />
            )}
            <CardHeading className="card__title" {...edit(`cards.${i}.title`)}>
              {card.title}
            </CardHeading>
            <p {...edit(`cards.${i}.text`)}>{card.text}</p>
            {card.link && <ContentLinkView link={card.link} marker={edit(`cards.${i}.link`)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
