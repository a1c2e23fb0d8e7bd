import type { PictureLayout } from '../../shared/media/pictureLayouts.js';
export interface CarGalleryLabels {
  gallery: string;
  previous: string;
  next: string;
  /** 'Bild {n} av {total}' */
  position: string;
  fullscreen: string;
  closeFullscreen: string;
  thumbnails: string;
  photos: string;
  view360: string;
  hint360: string;
}

export interface CarGalleryProps {
  title: string;
  /** /media relay paths. */
  images: readonly string[];
  /** 360° frames (the UK site only); empty elsewhere. */
  frames360: readonly string[];
  labels: CarGalleryLabels;
  /** The layouts of its pictures, from the page (client/shared/media/pictureLayouts.ts): props, so the island's bundle carries no layout table. */
  pictures: { main: PictureLayout; thumb: PictureLayout; full: PictureLayout };
}

export function positionText(template: string, n: number, total: number): string {
  return template.replace('{n}', String(n)).replace('{total}', String(total));
}

/** The index after a step of `by`, wrapping round at both ends. */
export function stepIndex(index: number, by: number, count: number): number {
  return (((index + by) % count) + count) % count;
}

/** A horizontal pointer move of at least this many px is a swipe. */
export const SWIPE_PX = 40;
