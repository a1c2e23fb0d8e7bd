import * as layouts from '../../client/shared/media/pictureLayouts.js';
import { sizesFor } from '../../client/shared/media/pictureUrl.js';

/**
 * Every layout's `sizes` follows the CSS that lays its picture out: derived here from those rules' numbers
 * (the same ones each layout's comment names), so a change to the CSS that is not made in
 * client/shared/media/pictureLayouts.ts too (or the other way round) fails here.
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

function layout(pieces: Piece[], box: number, cover?: layouts.CoverBox[]): layouts.PictureLayout {
  const ordered = [...pieces].sort((a, b) => b.from - a.from);
  const sizes = ordered.map((p) => (p.from > 0 ? `(min-width: ${p.from}px) ${p.length}` : p.length)).join(', ');
  const widest = Math.ceil(Math.min(1920, Math.max(...pieces.map((p) => p.widest))));
  return cover ? { sizes, widest, box, cover } : { sizes, widest, box };
}

/** `aspect-ratio: w / h; object-fit: cover` on every screen. */
const aspect = (w: number, h: number): layouts.CoverBox[] => [{ from: 0, aspect: w / h }];
/** A box `aspect` wide for high, between `min` and `max` px high, over the content's width (.carousel__slide). */
function heightBetween(w: number, h: number, min: number, max: number): layouts.CoverBox[] {
  const box = content();
  const tallAtMax = Math.min(Math.max((box.max * h) / w, min), max);
  return [
    { from: box.max + box.minus, height: `${tallAtMax}px` },
    { from: 0, height: `clamp(${min}px, calc((100vw - ${box.minus}px) * ${h / w}), ${max}px)` },
  ];
}

const WIDE = 100_000;
const whole = (box: Box, to = WIDE) => track(box, to, 0, 1);

// car-list.css: .car-list__layout gets an 18rem filter column and a 1.5rem gap from 960 px; .car-grid is
// repeat(auto-fill, minmax(15rem, 1fr)) with a 1rem gap.
const carGrid = [...autoFill(content(), 960, 240, 16), ...autoFill(inset(content(960), 288 + 24), WIDE, 240, 16)];

const HERO_WIDTH = whole(content());
const FOUR_THREE = aspect(4, 3);
const SIXTEEN_NINE = aspect(16, 9);
/** blocks.css .hero--medium and --full: min(60svh, 32rem) high below 640 px. */
const tallHero = (height: string): layouts.CoverBox[] => [
  { from: 640, height },
  { from: 0, height: 'min(60svh, 32rem)' },
];

const DERIVED: Record<string, layouts.PictureLayout> = {
  // Car cards: .car-card__image 4:3, cover.
  CAR_GRID: layout(carGrid, 400, FOUR_THREE),
  // car-detail.css .car-similar__list: auto-fill 15rem, gap 1rem; pages.css .site-arrivals__list: 16rem, 1.5rem.
  CAR_SIMILAR: layout(autoFill(content(), WIDE, 240, 16), 400, FOUR_THREE),
  SITE_ARRIVALS: layout(autoFill(content(), WIDE, 256, 24), 400, FOUR_THREE),
  // car-list.css .car-teaser__grid: one column, two from 600 px, --3/--4 from 960 px (gap 1rem); --1 is at most 24rem.
  CAR_TEASER_1: layout(whole({ from: 0, minus: 48, max: 384 }), 400, FOUR_THREE),
  CAR_TEASER_2: layout([...whole(content(), 600), ...columns(content(600), WIDE, 2, 16)], 400, FOUR_THREE),
  CAR_TEASER_3: layout(
    [...whole(content(), 600), ...columns(content(600), 960, 2, 16), ...columns(content(960), WIDE, 3, 16)],
    400,
    FOUR_THREE,
  ),
  CAR_TEASER_4: layout(
    [...whole(content(), 600), ...columns(content(600), 960, 2, 16), ...columns(content(960), WIDE, 4, 16)],
    400,
    FOUR_THREE,
  ),
  // .car-teaser__scroll > li { flex: 0 0 315px }
  CAR_TEASER_SCROLL: layout(fixed(315), 315, FOUR_THREE),
  // car-detail.css: .car-detail__top is 3fr 2fr with a 1.5rem gap from 900 px; the stage fills its column (contain).
  GALLERY_MAIN: layout([...whole(content(), 900), ...track(content(900), WIDE, 24, 3 / 5)], 800),
  // .car-gallery__thumbs img { width: 96px; aspect-ratio: 4 / 3; object-fit: cover }
  GALLERY_THUMB: layout(fixed(96), 96, FOUR_THREE),
  // .car-gallery__dialog: the whole viewport less its 1rem padding.
  GALLERY_FULL: layout(whole({ from: 0, minus: 32, max: WIDE }), 1600),
  // compare.css: .compare-bar__car img 48×36 px; .compare-table thead img at most 160 px, 4:3; both cover.
  COMPARE_BAR: layout(fixed(48), 48, aspect(48, 36)),
  COMPARE_MODAL: layout(fixed(160), 160, FOUR_THREE),
  // blocks.css .hero: clamp(312px, 40vw, 534px) high; --medium 64svh, --full 100svh.
  HERO: layout(HERO_WIDTH, 1280, [{ from: 0, height: 'clamp(312px, 40vw, 534px)' }]),
  HERO_MEDIUM: layout(HERO_WIDTH, 1280, tallHero('64svh')),
  HERO_FULL: layout(HERO_WIDTH, 1280, tallHero('100svh')),
  // .carousel__slide: aspect-ratio 16 / 9, min-height 312px, max-height 534px.
  CAROUSEL: layout(HERO_WIDTH, 1280, heightBetween(16, 9, 312, 534)),
  // .video-embed__frame: aspect-ratio 16 / 9.
  VIDEO: layout(HERO_WIDTH, 1280, SIXTEEN_NINE),
  // pages.css .site-hero: clamp(260px, 36vw, 460px) high.
  SITE_HERO: layout(HERO_WIDTH, 1280, [{ from: 0, height: 'clamp(260px, 36vw, 460px)' }]),
  // blocks.css .cards__list (the picture keeps its shape), pages.css .stories__list and .site-cards (16:9, cover):
  // auto-fill 16rem, gap 1.5rem.
  CARDS: layout(autoFill(content(), WIDE, 256, 24), 640),
  COVER_CARDS: layout(autoFill(content(), WIDE, 256, 24), 640, SIXTEEN_NINE),
  // A highlighted story spans the row: 16:9, 21:9 from 768 px.
  STORY_HIGHLIGHT: layout(whole(content()), 1280, [{ from: 768, aspect: 21 / 9 }, ...SIXTEEN_NINE]),
  // pages.css .story-header: max-width 48rem, 16:9.
  STORY_HEADER: layout(whole({ from: 0, minus: 48, max: 768 }), 1200, SIXTEEN_NINE),
  // blocks.css .blurb: two columns, gap 1.5rem, from 768 px.
  BLURB: layout([...whole(content(), 768), ...columns(content(768), WIDE, 2, 24)], 640),
  // .stage-row__list: 80% tracks (gap 1rem) on a phone, 3 columns from 768 px, 4 from 1280 px; .stage__image 4:3.
  STAGE_ROW: layout(
    [...track(content(), 768, 0, 0.8), ...columns(content(768), 1280, 3, 16), ...columns(content(1280), WIDE, 4, 16)],
    640,
    FOUR_THREE,
  ),
  // .mega-menu-block: 1.5rem padding; 3fr 1fr with a 1.5rem gap from 1024 px (the promo is the 1fr), 16:9.
  MEGA_PROMO: layout(
    [...whole(inset(content(), 48), 1024), ...track(inset(content(1024), 48), WIDE, 24, 1 / 4)],
    640,
    SIXTEEN_NINE,
  ),
  // pages.css .kits: an 18rem panel and a 1.5rem gap from 1024 px; .kits__list auto-fill 14rem, gap 1.5rem; 4:3.
  KITS: layout(
    [...autoFill(content(), 1024, 224, 24), ...autoFill(inset(content(1024), 288 + 24), WIDE, 224, 24)],
    400,
    FOUR_THREE,
  ),
  // .kit-dialog: min(48rem, 100vw − 2rem), 1.5rem padding; .kit-dialog__images auto-fill 10rem, gap .5rem; 4:3.
  KIT_DIALOG: layout(autoFill({ from: 0, minus: 32 + 48, max: 768 - 48 }, WIDE, 160, 8), 400, FOUR_THREE),
  // Fixed boxes: footer brand logos (96×48), booking logos (40 and 32 px high), staff portraits (64 px round, cover).
  FOOTER_LOGO: layout(fixed(96), 96),
  BOOKING_LOGO: layout(fixed(120), 120),
  BOOKING_INTRO_LOGO: layout(fixed(96), 96),
  STAFF: layout(fixed(64), 64, aspect(1, 1)),
};

describe('picture layouts', () => {
  it.each(Object.keys(DERIVED))('%s has the sizes, widest width and box its CSS gives', (name) => {
    expect((layouts as Record<string, unknown>)[name]).toEqual(DERIVED[name]);
  });

  it('ends every width list and crop list with an entry for every screen (sizesFor relies on it)', () => {
    for (const layout of Object.values(layouts) as layouts.PictureLayout[]) {
      expect(layout.sizes.split(', ').at(-1)).not.toMatch(/^\(/);
      if (layout.cover) expect(layout.cover.at(-1)!.from).toBe(0);
    }
  });

  it('every layout is derived', () => {
    expect(Object.keys(layouts).sort()).toEqual(Object.keys(DERIVED).sort());
  });
});

/**
 * What a `sizes` list (or one length) gives at a viewport, for the syntax pictureLayouts.ts and sizesFor write:
 * `(min-width: Npx)` entries; px, vw, svh and rem; calc, min, max and clamp with + − × ÷.
 */
function evaluate(sizes: string, vw: number, vh: number): number {
  const tokens = sizes.match(/\d+(?:\.\d+)?(?:px|vw|svh|rem)?|[a-z-]+|[(),*/+]|-/g)!;
  let at = 0;
  const next = () => tokens[at++]!;
  const peek = () => tokens[at];
  const expect = (token: string) => {
    if (next() !== token) throw new Error(`expected ${token} in ${sizes}`);
  };
  const value = (): number => {
    const token = next();
    if (token === '(') {
      const inner = sum();
      expect(')');
      return inner;
    }
    if (/^[a-z]/.test(token)) {
      expect('(');
      const args = [sum()];
      while (peek() === ',') {
        next();
        args.push(sum());
      }
      expect(')');
      if (token === 'calc') return args[0]!;
      if (token === 'min') return Math.min(...args);
      if (token === 'max') return Math.max(...args);
      if (token === 'clamp') return Math.max(args[0]!, Math.min(args[1]!, args[2]!));
      throw new Error(`unknown function ${token}`);
    }
    const [, n, unit] = /^(\d+(?:\.\d+)?)(px|vw|svh|rem)?$/.exec(token)!;
    const scale = { px: 1, vw: vw / 100, svh: vh / 100, rem: 16 }[unit as 'px'] ?? 1;
    return Number(n) * scale;
  };
  const product = (): number => {
    let result = value();
    while (peek() === '*' || peek() === '/') result = next() === '*' ? result * value() : result / value();
    return result;
  };
  const sum = (): number => {
    let result = product();
    while (peek() === '+' || peek() === '-') result = next() === '+' ? result + product() : result - product();
    return result;
  };
  // Entries: the first whose media condition holds.
  while (at < tokens.length) {
    let applies = true;
    if (peek() === '(' && tokens[at + 1] === 'min-width') {
      at += 2;
      // ':' is not a token; the next is the width.
      applies = vw >= Number(next().replace('px', ''));
      expect(')');
    }
    const length = sum();
    if (applies) return length;
    expect(',');
  }
  throw new Error(`no entry of ${sizes} applies`);
}

describe('sizes of cropped pictures', () => {
  const SCREENS = [
    [390, 844],
    [768, 1024],
    [1024, 768],
    [1440, 1000],
    [1920, 1080],
  ] as const;
  const ASPECTS = [3 / 4, 1, 4 / 3, 3 / 2, 16 / 9, 21 / 9];
  const cropping = Object.entries(DERIVED).filter(([, l]) => l.cover);

  it.each(cropping)(
    '%s asks for the width a picture is painted at: its box, or its box height × its aspect',
    (_name, layout) => {
      const off: string[] = [];
      for (const [vw, vh] of SCREENS)
        for (const aspect of ASPECTS) {
          const width = evaluate(layout.sizes, vw, vh);
          const box = layout.cover!.find((b) => vw >= b.from)!;
          const height = 'height' in box ? evaluate(box.height, vw, vh) : width / box.aspect;
          const painted = Math.max(width, height * aspect);
          const ratio = evaluate(sizesFor(layout, aspect), vw, vh) / painted;
          // Never less than painted beyond a 1 % crop; more only by the rounding up of the aspect.
          if (ratio < 0.99 || ratio > 1.002) off.push(`${vw}×${vh}, aspect ${aspect.toFixed(2)}: ${ratio.toFixed(3)}`);
        }
      expect(off).toEqual([]);
    },
  );

  it('leaves a picture of the box shape, or of unknown shape, at the box width', () => {
    expect(sizesFor(layouts.CAR_GRID, 4 / 3)).toBe(layouts.CAR_GRID.sizes);
    expect(sizesFor(layouts.HERO, undefined)).toBe(layouts.HERO.sizes);
    expect(sizesFor(layouts.CARDS, 3)).toBe(layouts.CARDS.sizes);
  });

  it('writes a phone hero for its height: a 16:9 picture 312 px high is asked at 555 px, not 342', () => {
    expect(sizesFor(layouts.HERO, 16 / 9)).toBe(
      '(min-width: 1280px) max(1232px, calc(clamp(312px, 40vw, 534px) * 1.778)), max(calc(100vw - 48px), calc(clamp(312px, 40vw, 534px) * 1.778))',
    );
    expect(evaluate(sizesFor(layouts.HERO, 16 / 9), 390, 844)).toBeCloseTo(554.7, 0);
    expect(sizesFor(layouts.CAR_TEASER_SCROLL, 3 / 2)).toBe('calc(315px * 1.125)');
  });
});
