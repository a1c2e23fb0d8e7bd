import * as layouts from '../../shared/media/pictureLayouts.js';

/**
 * Every layout's `sizes` follows the CSS that lays its picture out: derived here from those rules' numbers
 * (the same ones each layout's comment names), so a change to the CSS that is not made in
 * shared/media/pictureLayouts.ts too (or the other way round) fails here.
 */

/** The width of a box: `min(100vw - minus, max)` from viewport width `from` on. */
interface Box {
  /** Viewport width (px) from which this box applies (a `min-width` media query; 0 for the base rule). */
  from: number;
  minus: number;
  max: number;
}

interface Piece {
  from: number;
  length: string;
  /** The widest this piece gets (px), for the largest candidate worth listing. */
  widest: number;
}

const SITE_MAX = 1280; // .site-main { max-width: 80rem }
const GUTTER = 24; // .site-main { padding: … 1.5rem }
const content = (from = 0): Box => ({ from, minus: 2 * GUTTER, max: SITE_MAX - 2 * GUTTER });
/** A box `inset` px narrower than `box` (padding, a side column and its gap). */
const inset = (box: Box, by: number, from = box.from): Box => ({ from, minus: box.minus + by, max: box.max - by });

const round = (n: number) => Math.ceil(n * 100) / 100;

/** `share` of what is left of the box after `taken` px (gaps): one column track, up to viewport `to`. */
function track(box: Box, to: number, taken: number, share: number): Piece[] {
  const capAt = box.max + box.minus; // from this viewport width the box is at its max
  const fixed = {
    from: Math.max(box.from, capAt),
    length: `${round((box.max - taken) * share)}px`,
    widest: (box.max - taken) * share,
  };
  if (capAt <= box.from) return capAt < to ? [fixed] : [];
  const minus = box.minus + taken;
  const columns = Math.round(1 / share);
  const part = share === 1 ? '' : Math.abs(columns * share - 1) < 1e-9 ? ` / ${columns}` : ` * ${share}`;
  const fluid = {
    from: box.from,
    length: part ? `calc((100vw - ${minus}px)${part})` : `calc(100vw - ${minus}px)`,
    widest: (Math.min(to, capAt) - minus) * share,
  };
  return capAt < to ? [fluid, fixed] : [fluid];
}

/** `grid-template-columns: repeat(n, minmax(0, 1fr))` with `gap`, in `box` up to viewport `to`. */
const columns = (box: Box, to: number, n: number, gap: number) => track(box, to, (n - 1) * gap, 1 / n);

/** `repeat(auto-fill, minmax(min, 1fr))` with `gap`: as many columns as fit, in `box` up to viewport `to`. */
function autoFill(box: Box, to: number, min: number, gap: number): Piece[] {
  const pieces: Piece[] = [];
  for (let n = 1; ; n++) {
    // n columns fit from the box width n·min + (n−1)·gap on, i.e. from this viewport width:
    const from = n === 1 ? box.from : Math.max(box.from, n * (min + gap) - gap + box.minus);
    const next = (n + 1) * (min + gap) - gap + box.minus;
    if (from >= to || n * (min + gap) - gap > box.max) break;
    const until = Math.min(to, next);
    if (until > from) pieces.push(...columns({ ...box, from }, until, n, gap)); // else more columns fit from the start
  }
  return pieces;
}

const fixed = (px: number): Piece[] => [{ from: 0, length: `${px}px`, widest: px }];

function layout(pieces: Piece[], box: number): layouts.PictureLayout {
  const ordered = [...pieces].sort((a, b) => b.from - a.from);
  const sizes = ordered.map((p) => (p.from > 0 ? `(min-width: ${p.from}px) ${p.length}` : p.length)).join(', ');
  return { sizes, widest: Math.ceil(Math.min(1920, Math.max(...pieces.map((p) => p.widest)))), box };
}

const WIDE = 100_000;
const whole = (box: Box, to = WIDE) => track(box, to, 0, 1);

// car-list.css: .car-list__layout gets an 18rem filter column and a 1.5rem gap from 960 px; .car-grid is
// repeat(auto-fill, minmax(15rem, 1fr)) with a 1rem gap.
const carGrid = [...autoFill(content(), 960, 240, 16), ...autoFill(inset(content(960), 288 + 24), WIDE, 240, 16)];

const DERIVED: Record<string, layouts.PictureLayout> = {
  CAR_GRID: layout(carGrid, 400),
  // car-detail.css .car-similar__list: auto-fill 15rem, gap 1rem; pages.css .site-arrivals__list: 16rem, 1.5rem.
  CAR_SIMILAR: layout(autoFill(content(), WIDE, 240, 16), 400),
  SITE_ARRIVALS: layout(autoFill(content(), WIDE, 256, 24), 400),
  // car-list.css .car-teaser__grid: one column, two from 600 px, --3/--4 from 960 px (gap 1rem); --1 is at most 24rem.
  CAR_TEASER_1: layout(whole({ from: 0, minus: 48, max: 384 }), 400),
  CAR_TEASER_2: layout([...whole(content(), 600), ...columns(content(600), WIDE, 2, 16)], 400),
  CAR_TEASER_3: layout(
    [...whole(content(), 600), ...columns(content(600), 960, 2, 16), ...columns(content(960), WIDE, 3, 16)],
    400,
  ),
  CAR_TEASER_4: layout(
    [...whole(content(), 600), ...columns(content(600), 960, 2, 16), ...columns(content(960), WIDE, 4, 16)],
    400,
  ),
  // .car-teaser__scroll > li { flex: 0 0 315px }
  CAR_TEASER_SCROLL: layout(fixed(315), 315),
  // car-detail.css: .car-detail__top is 3fr 2fr with a 1.5rem gap from 900 px; the stage fills its column.
  GALLERY_MAIN: layout([...whole(content(), 900), ...track(content(900), WIDE, 24, 3 / 5)], 800),
  // .car-gallery__thumbs img { width: 96px }
  GALLERY_THUMB: layout(fixed(96), 96),
  // .car-gallery__dialog: the whole viewport less its 1rem padding.
  GALLERY_FULL: layout(whole({ from: 0, minus: 32, max: WIDE }), 1600),
  // compare.css: .compare-bar__car img 48 px; .compare-table thead img at most 160 px.
  COMPARE_BAR: layout(fixed(48), 48),
  COMPARE_MODAL: layout(fixed(160), 160),
  // blocks.css .hero, .carousel__slide, .video-embed__frame; pages.css .site-hero: the content's width.
  HERO: layout(whole(content()), 1280),
  // blocks.css .cards__list, pages.css .stories__list and .site-cards: auto-fill 16rem, gap 1.5rem.
  CARDS: layout(autoFill(content(), WIDE, 256, 24), 640),
  // A highlighted story spans the row.
  STORY_HIGHLIGHT: layout(whole(content()), 1280),
  // pages.css .story-header: max-width 48rem.
  STORY_HEADER: layout(whole({ from: 0, minus: 48, max: 768 }), 1200),
  // blocks.css .blurb: two columns, gap 1.5rem, from 768 px.
  BLURB: layout([...whole(content(), 768), ...columns(content(768), WIDE, 2, 24)], 640),
  // .stage-row__list: 80% tracks (gap 1rem) on a phone, 3 columns from 768 px, 4 from 1280 px.
  STAGE_ROW: layout(
    [...track(content(), 768, 0, 0.8), ...columns(content(768), 1280, 3, 16), ...columns(content(1280), WIDE, 4, 16)],
    640,
  ),
  // .mega-menu-block: 1.5rem padding; 3fr 1fr with a 1.5rem gap from 1024 px (the promo is the 1fr).
  MEGA_PROMO: layout([...whole(inset(content(), 48), 1024), ...track(inset(content(1024), 48), WIDE, 24, 1 / 4)], 640),
  // pages.css .kits: an 18rem panel and a 1.5rem gap from 1024 px; .kits__list auto-fill 14rem, gap 1.5rem.
  KITS: layout(
    [...autoFill(content(), 1024, 224, 24), ...autoFill(inset(content(1024), 288 + 24), WIDE, 224, 24)],
    400,
  ),
  // .kit-dialog: min(48rem, 100vw − 2rem), 1.5rem padding; .kit-dialog__images auto-fill 10rem, gap .5rem.
  KIT_DIALOG: layout(autoFill({ from: 0, minus: 32 + 48, max: 768 - 48 }, WIDE, 160, 8), 400),
  // Fixed boxes: footer brand logos (96×48), booking logos (40 and 32 px high), staff portraits (64 px).
  FOOTER_LOGO: layout(fixed(96), 96),
  BOOKING_LOGO: layout(fixed(120), 120),
  BOOKING_INTRO_LOGO: layout(fixed(96), 96),
  STAFF: layout(fixed(64), 64),
};

describe('picture layouts', () => {
  it.each(Object.keys(DERIVED))('%s has the sizes, widest width and box its CSS gives', (name) => {
    expect((layouts as Record<string, unknown>)[name]).toEqual(DERIVED[name]);
  });

  it('every layout is derived', () => {
    expect(Object.keys(layouts).sort()).toEqual(Object.keys(DERIVED).sort());
  });
});
