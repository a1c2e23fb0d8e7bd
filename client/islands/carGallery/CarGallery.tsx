import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { positionText, stepIndex, SWIPE_PX, type CarGalleryProps } from './galleryLabels.js';
import { Viewer360 } from './Viewer360.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';

/**
 * The car's images: previous/next buttons, arrow keys, swipe (pointer events), thumbnails, a
 * full-screen view in a native modal <dialog>, and the 360° view where the car has one (UK).
 */
export function CarGallery({ title, images, frames360, labels, pictures }: CarGalleryProps) {
  const [index, setIndex] = useState(0);
  const [mode, setMode] = useState<'photos' | '360'>('photos');
  const [fullscreen, setFullscreen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  const count = images.length;
  const position = positionText(labels.position, index + 1, count);

  useEffect(() => {
    if (fullscreen && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [fullscreen]);

  const step = (by: number) => setIndex((current) => stepIndex(current, by, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  };
  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      swipeStart.current = event.isPrimary ? event.clientX : null;
    },
    onPointerUp: (event: PointerEvent) => {
      const start = swipeStart.current;
      swipeStart.current = null;
      if (start === null || count < 2) return;
      const dx = event.clientX - start;
      if (Math.abs(dx) >= SWIPE_PX) step(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      swipeStart.current = null;
    },
  };
  const arrows = count > 1 && (
    <>
      <button
        type="button"
        className="car-gallery__arrow car-gallery__arrow--previous"
        aria-label={labels.previous}
        onClick={() => step(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="car-gallery__arrow car-gallery__arrow--next"
        aria-label={labels.next}
        onClick={() => step(1)}
      >
        ›
      </button>
    </>
  );

  return (
    <section className="car-gallery" aria-label={labels.gallery} onKeyDown={onKeyDown}>
      {frames360.length > 0 && (
        <div className="car-gallery__modes">
          <button type="button" aria-pressed={mode === 'photos'} onClick={() => setMode('photos')}>
            {labels.photos}
          </button>
          <button type="button" aria-pressed={mode === '360'} onClick={() => setMode('360')}>
            {labels.view360}
          </button>
        </div>
      )}
      {mode === '360' ? (
        <Viewer360 title={title} frames={frames360} labels={labels} layout={pictures.main} />
      ) : (
        <>
          <div className="car-gallery__stage" {...swipe}>
            <ResponsiveImage
              src={images[index] ?? ''}
              alt={`${title}, ${position}`}
              shape={[4, 3]}
              layout={pictures.main}
              priority
              draggable={false}
            />
            {arrows}
            <button
              type="button"
              className="car-gallery__fullscreen-button"
              aria-haspopup="dialog"
              onClick={() => setFullscreen(true)}
            >
              {labels.fullscreen}
            </button>
            <p className="car-gallery__position" aria-live="polite">
              {position}
            </p>
          </div>
          {count > 1 && (
            <ul className="car-gallery__thumbs" aria-label={labels.thumbnails}>
              {images.map((src, i) => (
                <li key={src}>
                  <button
                    type="button"
                    aria-current={i === index ? 'true' : undefined}
                    aria-label={positionText(labels.position, i + 1, count)}
                    onClick={() => setIndex(i)}
                  >
                    <ResponsiveImage src={src} alt="" shape={[4, 3]} layout={pictures.thumb} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {fullscreen && (
        // No key handler of its own: the dialog sits inside the section, whose handler gets its arrow keys once.
        <dialog
          ref={dialog}
          className="car-gallery__dialog"
          aria-label={labels.gallery}
          onClose={() => setFullscreen(false)}
        >
          <div className="car-gallery__stage car-gallery__stage--full" {...swipe}>
            <ResponsiveImage
              src={images[index] ?? ''}
              alt={`${title}, ${position}`}
              shape={[4, 3]}
              layout={pictures.full}
              priority
              draggable={false}
            />
            {arrows}
          </div>
          <p className="car-gallery__position">{position}</p>
          <button type="button" className="car-gallery__close" autoFocus onClick={() => dialog.current?.close()}>
            {labels.closeFullscreen}
          </button>
        </dialog>
      )}
    </section>
  );
}
