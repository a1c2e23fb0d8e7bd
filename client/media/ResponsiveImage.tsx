import { createContext, useContext, type ImgHTMLAttributes } from 'react';
import type { ImageWidth } from '../../contracts/imageVariants.js';
import { preload } from 'react-dom';
import { documentPictureTemplate, pictureAt, pictureOf, type Picture } from '../shared/media/pictureUrl.js';
import type { PictureLayout } from '../shared/media/pictureLayouts.js';

/**
 * The original's size when known (content pictures carry it): srcset stops at its width. Else only its
 * shape, for width/height attributes of the layout's usual box (16:9 unless said).
 */
interface PictureSize {
  width?: number | undefined;
  height?: number | undefined;
  shape?: readonly [number, number];
}

type Passed = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'decoding'
>;

export type ResponsiveImageProps = Passed &
  PictureSize & {
    /** The media service's URL of the original (absolute or /media). */
    src: string;
    alt: string;
    /** Where it is shown: its `sizes` follow that place's CSS (pictureLayouts.ts). */
    layout: PictureLayout;
    /**
     * The page's LCP picture: fetched first (`fetchpriority="high"`), never lazy, and preloaded in the head
     * (React hoists the preload of a picture that is not lazy; parts rendered apart hand it on, below).
     */
    priority?: boolean;
    /** One width the caller chose (the 360° view, which loads all its frames at it): `src` at it, no `srcset`. */
    at?: ImageWidth | undefined;
  };

/** Server renders provide the page's template; in the browser it is read from the document. */
export const PictureTemplateContext = createContext<string | undefined>(undefined);

export function usePictureTemplate(): string | undefined {
  return useContext(PictureTemplateContext) ?? documentPictureTemplate();
}

/**
 * Every picture of the site: `srcset` over the allowed widths, `sizes` of its layout, width and height
 * (no layout shift), lazy unless it is the LCP picture. SVG (logos, icons) is written plain.
 */
export function ResponsiveImage({
  src,
  alt,
  layout,
  width,
  height,
  shape,
  priority = false,
  at,
  ...rest
}: ResponsiveImageProps) {
  const template = usePictureTemplate();
  const handOn = useContext(PreloadCollector);
  const picture = at
    ? { src: pictureAt(src, at, template) }
    : pictureOf(
        src,
        layout,
        width && height ? { width, aspect: width / height } : { aspect: shape && shape[0] / shape[1] },
        template,
      );
  const box = layout.box;
  if (priority && handOn) handOn(picture);
  const [w, h] = shape ?? [16, 9];
  const size = width && height ? { width, height } : { width: box, height: Math.round((box * h) / w) };
  return (
    <img
      {...rest}
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.sizes}
      alt={alt}
      {...size}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  );
}

/**
 * Blocks and islands are rendered to HTML apart from the page (views/renderApart.tsx), so React would write
 * their LCP picture's preload inside them, in the body: they collect it here and the page's render
 * preloads it (`preloadPicture`), which React puts in the head.
 */
export const PreloadCollector = createContext<((picture: Picture) => void) | null>(null);

/** The head's preload of a picture, with its srcset and sizes (called while the page renders). */
export function preloadPicture(picture: Picture): void {
  preload(picture.src, {
    as: 'image',
    fetchPriority: 'high',
    ...(picture.srcSet ? { imageSrcSet: picture.srcSet, imageSizes: picture.sizes } : {}),
  });
}
