import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { useEditable } from '../editable.js';
import type { BlockProps } from './blockProps.js';
import { STAGE_ROW } from '../../client/shared/media/pictureLayouts.js';

/**
 * A row of image tiles: 3 columns on a medium screen, 4 on a wide one, a swipeable row on a phone.
 * The title is the tile's link, stretched over the tile, so each tile is one link that says where it goes.
 */
export function StageRowBlock({ block }: BlockProps<'stageRow'>) {
  const edit = useEditable();
  const ItemHeading = block.title ? 'h3' : 'h2';
  return (
    <section className="stage-row">
      {block.title && <h2 {...edit('title')}>{block.title}</h2>}
      <ul className="stage-row__list">
        {block.items.map((item, i) => {
          const external = item.link?.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
          return (
            <li key={i} className="stage">
              <ResponsiveImage
                className="stage__image"
                src={item.image.src}
                alt=""
                width={item.image.width}
                height={item.image.height}
                layout={STAGE_ROW}
                {...edit(`items.${i}.image`)}
              />
              <ItemHeading className="stage__title" {...edit(`items.${i}.title`)}>
                {item.link ? (
                  <a className="stage__link" href={item.link.url} {...external}>
                    {item.title}
                  </a>
                ) : (
                  item.title
                )}
              </ItemHeading>
              <p className="stage__text" {...edit(`items.${i}.text`)}>
                {item.text}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
