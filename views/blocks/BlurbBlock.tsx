import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { useEditable } from '../editable.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';
import { BLURB } from '../../client/shared/media/pictureLayouts.js';

/** Text beside an image, the image on the side the editor chose. */
export function BlurbBlock({ block, first }: BlockProps<'blurb'>) {
  const Heading = first ? 'h1' : 'h2';
  const edit = useEditable();
  return (
    <section className={`blurb blurb--image-${block.imagePosition}`}>
      {block.image && (
        <ResponsiveImage
          className="blurb__image"
          src={block.image.src}
          alt={block.image.alt}
          width={block.image.width}
          height={block.image.height}
          layout={BLURB}
          {...edit('image')}
        />
      )}
      <div className="blurb__body">
        <Heading {...edit('title')}>{block.title}</Heading>
        <p {...edit('text')}>{block.text}</p>
        {block.link && <ContentLinkView link={block.link} className="button" marker={edit('link')} />}
      </div>
    </section>
  );
}
