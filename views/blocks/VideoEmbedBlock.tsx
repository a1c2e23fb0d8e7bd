import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import type { VideoEmbedBlockSchema } from '../../contracts/upstream/content.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import type { z } from 'zod';
import { VIDEO } from '../../client/shared/media/pictureLayouts.js';

/** The player to load on click; these two hosts are the only frame sources the CSP allows (server/http/security.ts). */
export function videoPlayerUrl(provider: z.infer<typeof VideoEmbedBlockSchema>['provider'], videoId: string): string {
  const id = encodeURIComponent(videoId);
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`
    : `https://player.vimeo.com/video/${id}?autoplay=1`;
}

/** Only the thumbnail and a play button: the third-party player loads when the shopper asks (client/enhance/videoEmbed.ts). */
export function VideoEmbedBlock({ block }: BlockProps<'videoEmbed'>) {
  const { t } = usePage();
  const edit = useEditable();
  const title = block.title || block.thumbnail.alt || t('block.videoHeading');
  return (
    <section className="video-embed">
      {block.title && <h2 {...edit('title')}>{block.title}</h2>}
      <div className="video-embed__frame" {...edit('videoId')}>
        <button
          type="button"
          className="video-embed__play"
          data-video-src={videoPlayerUrl(block.provider, block.videoId)}
          data-video-title={title}
        >
          <ResponsiveImage
            className="video-embed__thumbnail"
            src={block.thumbnail.src}
            alt=""
            width={block.thumbnail.width}
            height={block.thumbnail.height}
            layout={VIDEO}
            {...edit('thumbnail')}
          />
          <span className="video-embed__icon" aria-hidden="true" />
          <span className="visually-hidden">{t('block.videoPlay', { title })}</span>
        </button>
      </div>
    </section>
  );
}
