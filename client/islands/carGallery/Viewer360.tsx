import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ImageWidth } from '../../../contracts/imageVariants.js';
import { ResponsiveImage, usePictureTemplate } from '../../media/ResponsiveImage.js';
import { pictureAt, widthFor } from '../../shared/media/pictureUrl.js';
import { positionText, stepIndex, type CarGalleryLabels } from './galleryLabels.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';

/** px of drag per frame. */
const DRAG_PX_PER_FRAME = 12;

/**
 * The 360° view: a slider over the frames, turned by dragging or the arrow keys. Once it opens, every
 * frame is fetched at the width the stage is shown at (× the screen's pixel ratio, up to the next allowed
 * width), so turning shows frames the browser already has instead of fetching one per step.
 */
export function Viewer360({
  title,
  frames,
  labels,
  layout,
}: {
  title: string;
  frames: readonly string[];
  labels: CarGalleryLabels;
  layout: PictureLayout;
}) {
  const [frame, setFrame] = useState(0);
  const [width, setWidth] = useState<ImageWidth>();
  const stage = useRef<HTMLDivElement>(null);
  const loaded = useRef<HTMLImageElement[]>([]);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const template = usePictureTemplate();
  const count = frames.length;

  useLayoutEffect(() => {
    const shown = stage.current?.getBoundingClientRect().width ?? 0;
    const chosen = widthFor(shown * (window.devicePixelRatio || 1));
    setWidth(chosen);
    // Kept referenced until the view closes, so the browser keeps them decoded at hand.
    loaded.current = frames.map((src) => {
      const image = new Image();
      image.decoding = 'async';
      image.src = pictureAt(src, chosen, template);
      return image;
    });
    return () => {
      loaded.current = [];
    };
  }, [frames, template]);

  const onKeyDown = (event: KeyboardEvent) => {
    const to = {
      ArrowLeft: stepIndex(frame, -1, count),
      ArrowRight: stepIndex(frame, 1, count),
      Home: 0,
      End: count - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // not the gallery's own arrow keys
    setFrame(to);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    setFrame(stepIndex(drag.current.frame, Math.round((event.clientX - drag.current.x) / DRAG_PX_PER_FRAME), count));
  };
  const end = () => {
    drag.current = null;
  };

  return (
    <div className="car-gallery__360">
      <div
        ref={stage}
        className="car-gallery__stage car-gallery__stage--360"
        role="slider"
        tabIndex={0}
        aria-label={labels.view360}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={frame + 1}
        aria-valuetext={positionText(labels.position, frame + 1, count)}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={end}
        onPointerCancel={end}
      >
        {width !== undefined && (
          <ResponsiveImage
            src={frames[frame] ?? ''}
            alt={title}
            shape={[4, 3]}
            layout={layout}
            at={width}
            priority
            draggable={false}
          />
        )}
      </div>
      <p className="car-gallery__hint">{labels.hint360}</p>
    </div>
  );
}
