import { ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';
import { CAROUSEL } from '../../client/shared/media/pictureLayouts.js';

/**
 * Slides in a scroll-snap track with previous/next and pause/play (client/enhance/carousel.ts runs
 * them); autoplay every autoplaySeconds unless the shopper prefers reduced motion.
 */
export function CarouselBlock({ block, first }: BlockProps<'carousel'>) {
  const { t } = usePage();
  const edit = useEditable();
  const trackId = `${block.id}-track`;
  const pause = t('block.carouselPause');
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('block.carouselLabel')}
      data-carousel=""
      data-autoplay-ms={Math.round(block.autoplaySeconds * 1000)}
    >
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__button carousel__toggle"
          aria-controls={trackId}
          aria-label={pause}
          data-carousel-toggle=""
          data-playing="true"
          data-label-pause={pause}
          data-label-play={t('block.carouselPlay')}
        >
          <span className="carousel__icon" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={trackId}
          aria-label={t('block.carouselPrevious')}
          data-carousel-prev=""
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={trackId}
          aria-label={t('block.carouselNext')}
          data-carousel-next=""
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="carousel__track" id={trackId} aria-live="off" data-carousel-track="">
        {block.slides.map((slide, i) => {
          const Heading = first && i === 0 ? 'h1' : 'h2';
          return (
            <div
              key={i}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('block.carouselSlide', { n: i + 1, total: block.slides.length })}
            >
              <ResponsiveImage
                className="carousel__image"
                src={slide.image.src}
                alt={slide.image.alt}
                width={slide.image.width}
                height={slide.image.height}
                layout={CAROUSEL}
                priority={first && i === 0}
                {...edit(`slides.${i}.image`)}
              />
              <div className="carousel__caption">
                <Heading className="carousel__title" {...edit(`slides.${i}.title`)}>
                  {slide.title}
                </Heading>
                {slide.text && <p {...edit(`slides.${i}.text`)}>{slide.text}</p>}
                {slide.link && (
                  <ContentLinkView link={slide.link} className="button" marker={edit(`slides.${i}.link`)} />
                )}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
