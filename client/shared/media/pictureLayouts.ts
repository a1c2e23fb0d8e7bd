/**
 * The `sizes` of every place a picture is shown, from the CSS that lays it out (client/styles), so the width
 * a browser picks is within 1× and 2× of what it paints. Each names the rules it follows; a change to one of
 * them changes it here too: test/unit/pictureLayouts.test.ts derives every layout from those rules' numbers
 * and fails until this file agrees (and test/e2e/pictures.test.ts measures the widths in a browser).
 * Literal values, one export each, so an island's bundle carries only the layouts it shows.
 *
 * The page's content is min(100vw − 48 px, 1232 px): .site-main is max-width 80rem with 1.5rem padding.
 * A box that crops its picture (`object-fit: cover`) says its shape in `cover`.
 */
export interface PictureLayout {
  /** The box's width, by viewport: what a picture of the box's own shape is painted at. */
  sizes: string;
  /** The widest CSS px the box is, on any screen: no candidate past twice it (or past twice its cover crop's width). */
  widest: number;
  /** A box of the layout's usual size: the width/height attributes when only the original's shape is known. */
  box: number;
  /**
   * The box crops its picture (`object-fit: cover`) to a shape of its own: a picture wider than the box is
   * painted at the box's height × its aspect, wider than the box (pictureUrl.ts `sizesFor` asks for that width).
   * Widest viewport first, like `sizes`.
   */
  cover?: readonly CoverBox[];
}

/** A cover box's shape from viewport width `from` (px) on: its CSS aspect-ratio, or its height as a CSS length. */
export type CoverBox = { from: number; aspect: number } | { from: number; height: string };

// car-list.css: .car-list__layout gets an 18rem filter column and a 1.5rem gap from 960 px; .car-grid is
// repeat(auto-fill, minmax(15rem, 1fr)) with a 1rem gap.
export const CAR_GRID: PictureLayout = {
  sizes:
    '(min-width: 1280px) 296px, (min-width: 1112px) calc((100vw - 392px) / 3), (min-width: 960px) calc((100vw - 376px) / 2), (min-width: 800px) calc((100vw - 80px) / 3), (min-width: 544px) calc((100vw - 64px) / 2), calc(100vw - 48px)',
  widest: 496,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// car-detail.css .car-similar__list: auto-fill 15rem, gap 1rem.
export const CAR_SIMILAR: PictureLayout = {
  sizes:
    '(min-width: 1280px) 296px, (min-width: 1056px) calc((100vw - 96px) / 4), (min-width: 800px) calc((100vw - 80px) / 3), (min-width: 544px) calc((100vw - 64px) / 2), calc(100vw - 48px)',
  widest: 496,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};
// pages.css .site-arrivals__list: auto-fill 16rem, gap 1.5rem.
export const SITE_ARRIVALS: PictureLayout = {
  sizes:
    '(min-width: 1280px) 290px, (min-width: 1144px) calc((100vw - 120px) / 4), (min-width: 864px) calc((100vw - 96px) / 3), (min-width: 584px) calc((100vw - 72px) / 2), calc(100vw - 48px)',
  widest: 536,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// car-list.css .car-teaser__grid: one column, two from 600 px, --3/--4 from 960 px (gap 1rem); --1 is at most 24rem.
export const CAR_TEASER_1: PictureLayout = {
  sizes: '(min-width: 432px) 384px, calc(100vw - 48px)',
  widest: 384,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

export const CAR_TEASER_2: PictureLayout = {
  sizes: '(min-width: 1280px) 608px, (min-width: 600px) calc((100vw - 64px) / 2), calc(100vw - 48px)',
  widest: 608,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

export const CAR_TEASER_3: PictureLayout = {
  sizes:
    '(min-width: 1280px) 400px, (min-width: 960px) calc((100vw - 80px) / 3), (min-width: 600px) calc((100vw - 64px) / 2), calc(100vw - 48px)',
  widest: 552,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

export const CAR_TEASER_4: PictureLayout = {
  sizes:
    '(min-width: 1280px) 296px, (min-width: 960px) calc((100vw - 96px) / 4), (min-width: 600px) calc((100vw - 64px) / 2), calc(100vw - 48px)',
  widest: 552,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// .car-teaser__scroll > li { flex: 0 0 315px }
export const CAR_TEASER_SCROLL: PictureLayout = {
  sizes: '315px',
  widest: 315,
  box: 315,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// car-detail.css: .car-detail__top is 3fr 2fr with a 1.5rem gap from 900 px; the stage fills its column.
export const GALLERY_MAIN: PictureLayout = {
  sizes: '(min-width: 1280px) 724.8px, (min-width: 900px) calc((100vw - 72px) * 0.6), calc(100vw - 48px)',
  widest: 852,
  box: 800,
};

// .car-gallery__thumbs img { width: 96px }
export const GALLERY_THUMB: PictureLayout = { sizes: '96px', widest: 96, box: 96, cover: [{ from: 0, aspect: 4 / 3 }] };

// .car-gallery__dialog: the whole viewport less its 1rem padding.
export const GALLERY_FULL: PictureLayout = { sizes: 'calc(100vw - 32px)', widest: 1920, box: 1600 };

// compare.css: .compare-bar__car img 48 px; .compare-table thead img at most 160 px.
export const COMPARE_BAR: PictureLayout = { sizes: '48px', widest: 48, box: 48, cover: [{ from: 0, aspect: 4 / 3 }] };

export const COMPARE_MODAL: PictureLayout = {
  sizes: '160px',
  widest: 160,
  box: 160,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// blocks.css .hero, .carousel__slide, .video-embed__frame; pages.css .site-hero: the content's width, each box
// cropping its picture to a height of its own. .hero: clamp(312px, 40vw, 534px) high.
export const HERO: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [{ from: 0, height: 'clamp(312px, 40vw, 534px)' }],
};

// .hero--medium: at least 64svh high, min(60svh, 32rem) below 640 px.
export const HERO_MEDIUM: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [
    { from: 640, height: '64svh' },
    { from: 0, height: 'min(60svh, 32rem)' },
  ],
};

// .hero--full: at least 100svh high, min(60svh, 32rem) below 640 px.
export const HERO_FULL: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [
    { from: 640, height: '100svh' },
    { from: 0, height: 'min(60svh, 32rem)' },
  ],
};

// .carousel__slide: 16:9 of the content's width, between 312 and 534 px high.
export const CAROUSEL: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [
    { from: 1280, height: '534px' },
    { from: 0, height: 'clamp(312px, calc((100vw - 48px) * 0.5625), 534px)' },
  ],
};

// .video-embed__frame: 16:9.
export const VIDEO: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [{ from: 0, aspect: 16 / 9 }],
};

// .site-hero: clamp(260px, 36vw, 460px) high.
export const SITE_HERO: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [{ from: 0, height: 'clamp(260px, 36vw, 460px)' }],
};

// blocks.css .cards__list: auto-fill 16rem, gap 1.5rem; the picture keeps its shape.
export const CARDS: PictureLayout = {
  sizes:
    '(min-width: 1280px) 290px, (min-width: 1144px) calc((100vw - 120px) / 4), (min-width: 864px) calc((100vw - 96px) / 3), (min-width: 584px) calc((100vw - 72px) / 2), calc(100vw - 48px)',
  widest: 536,
  box: 640,
};

// pages.css .stories__list and .site-cards: the same columns, pictures cropped to 16:9.
export const COVER_CARDS: PictureLayout = {
  sizes:
    '(min-width: 1280px) 290px, (min-width: 1144px) calc((100vw - 120px) / 4), (min-width: 864px) calc((100vw - 96px) / 3), (min-width: 584px) calc((100vw - 72px) / 2), calc(100vw - 48px)',
  widest: 536,
  box: 640,
  cover: [{ from: 0, aspect: 16 / 9 }],
};

// A highlighted story spans the row.
export const STORY_HIGHLIGHT: PictureLayout = {
  sizes: '(min-width: 1280px) 1232px, calc(100vw - 48px)',
  widest: 1232,
  box: 1280,
  cover: [
    { from: 768, aspect: 21 / 9 },
    { from: 0, aspect: 16 / 9 },
  ],
};

// pages.css .story-header: max-width 48rem.
export const STORY_HEADER: PictureLayout = {
  sizes: '(min-width: 816px) 768px, calc(100vw - 48px)',
  widest: 768,
  box: 1200,
  cover: [{ from: 0, aspect: 16 / 9 }],
};

// blocks.css .blurb: two columns, gap 1.5rem, from 768 px.
export const BLURB: PictureLayout = {
  sizes: '(min-width: 1280px) 604px, (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 48px)',
  widest: 720,
  box: 640,
};

// .stage-row__list: 80% tracks (gap 1rem) on a phone, 3 columns from 768 px, 4 from 1280 px.
export const STAGE_ROW: PictureLayout = {
  sizes: '(min-width: 1280px) 296px, (min-width: 768px) calc((100vw - 80px) / 3), calc((100vw - 48px) * 0.8)',
  widest: 576,
  box: 640,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// .mega-menu-block: 1.5rem padding; 3fr 1fr with a 1.5rem gap from 1024 px (the promo is the 1fr).
export const MEGA_PROMO: PictureLayout = {
  sizes: '(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 120px) / 4), calc(100vw - 96px)',
  widest: 928,
  box: 640,
  cover: [{ from: 0, aspect: 16 / 9 }],
};

// pages.css .kits: an 18rem panel and a 1.5rem gap from 1024 px; .kits__list auto-fill 14rem, gap 1.5rem.
export const KITS: PictureLayout = {
  sizes:
    '(min-width: 1280px) 290.67px, (min-width: 1080px) calc((100vw - 408px) / 3), (min-width: 1024px) calc((100vw - 384px) / 2), (min-width: 1016px) calc((100vw - 120px) / 4), (min-width: 768px) calc((100vw - 96px) / 3), (min-width: 520px) calc((100vw - 72px) / 2), calc(100vw - 48px)',
  widest: 472,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// .kit-dialog: min(48rem, 100vw − 2rem), 1.5rem padding; .kit-dialog__images auto-fill 10rem, gap .5rem.
export const KIT_DIALOG: PictureLayout = {
  sizes:
    '(min-width: 800px) 174px, (min-width: 744px) calc((100vw - 104px) / 4), (min-width: 576px) calc((100vw - 96px) / 3), (min-width: 408px) calc((100vw - 88px) / 2), calc(100vw - 80px)',
  widest: 328,
  box: 400,
  cover: [{ from: 0, aspect: 4 / 3 }],
};

// Fixed boxes: footer brand logos (96×48), booking logos (40 and 32 px high), staff portraits (64 px).
export const FOOTER_LOGO: PictureLayout = { sizes: '96px', widest: 96, box: 96 };

export const BOOKING_LOGO: PictureLayout = { sizes: '120px', widest: 120, box: 120 };

export const BOOKING_INTRO_LOGO: PictureLayout = { sizes: '96px', widest: 96, box: 96 };

export const STAFF: PictureLayout = { sizes: '64px', widest: 64, box: 64, cover: [{ from: 0, aspect: 1 }] };
