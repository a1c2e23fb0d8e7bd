/**
 * The drawings the media service's photographs are rendered from (media-photos.ts adds grain and
 * encodes them), and the brand logos it serves as SVG. Each drawing's background detail is drawn from a
 * seeded generator, so one picture is always the same and two pictures differ.
 */

import type { Body } from '../data/vocabulary.js';

const COLOR_HEX: Record<string, string> = {
  black: '#1d1f24',
  white: '#eef0f2',
  silver: '#b9bec4',
  grey: '#6b7178',
  blue: '#2c5aa0',
  red: '#b3262d',
  green: '#2f6b4f',
  brown: '#6b4a33',
  beige: '#cdb996',
};

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** A stable pastel from any text, so one site or story always gets the same background. */
export function hueOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) % 360;
  return h;
}

/**
 * mulberry32, seeded with an FNV-1a hash of the label: a small generator in [0, 1), the same on every
 * process. (Its own hash: the photo maker process should not load the data's faker to draw.)
 */
export function seededRandom(label: string): () => number {
  let a = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) a = Math.imul(a ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const round = (n: number) => Math.round(n);

/** A sky fading to the horizon, as a gradient definition and the rectangle it fills. */
function sky(width: number, horizon: number, hue: number): string {
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 62%)"/><stop offset="1" stop-color="hsl(${hue} 30% 86%)"/></linearGradient></defs>` +
    `<rect width="${width}" height="${horizon}" fill="url(#sky)"/>`
  );
}

/** Buildings along the horizon: a street or a dealer lot behind the subject. */
function skyline(random: () => number, width: number, horizon: number, hue: number): string {
  let x = -20;
  let out = '';
  while (x < width) {
    const w = 50 + random() * 130;
    const h = 40 + random() * 170;
    out += `<rect x="${round(x)}" y="${round(horizon - h)}" width="${round(w)}" height="${round(h)}" fill="hsl(${round(hue + random() * 40)} 12% ${round(45 + random() * 30)}%)"/>`;
    for (let wy = horizon - h + 14; wy < horizon - 24; wy += 26) {
      out += `<rect x="${round(x + 10)}" y="${round(wy)}" width="${round(w - 20)}" height="9" fill="#fff" fill-opacity="${(0.25 + random() * 0.35).toFixed(2)}"/>`;
    }
    x += w + random() * 24;
  }
  return out;
}

/** Trees (a trunk and a round crown) standing on the ground line. */
function trees(random: () => number, width: number, ground: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const r = 24 + random() * 46;
    out +=
      `<rect x="${round(x - 5)}" y="${round(ground - r * 1.6)}" width="10" height="${round(r * 1.6)}" fill="#5b4634"/>` +
      `<circle cx="${round(x)}" cy="${round(ground - r * 1.8)}" r="${round(r)}" fill="hsl(${round(95 + random() * 40)} 35% ${round(28 + random() * 16)}%)"/>`;
  }
  return out;
}

/**
 * (Transparency is `fill-opacity`/`stroke-opacity`, never `opacity`: librsvg paints an element with
 * `opacity` on a surface of its own, which made a car picture several times slower to render.)
 *
 * The caption is centred, and its baseline (`captionY`) lies inside the part every crop keeps: cards and heroes
 * show pictures with `object-fit: cover` (car cards 4:3, story cards up to 21:9, heroes wider still), which cut
 * the sides or the top and bottom, never the middle.
 */
function frame(
  width: number,
  height: number,
  body: string,
  caption: string,
  subcaption = '',
  captionY = height - 70,
): string {
  const centre = width / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(caption)}">` +
    body +
    (caption
      ? `<text x="${centre}" y="${captionY}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" stroke="#0006" stroke-width="1">${escapeXml(caption)}</text>`
      : '') +
    (subcaption
      ? `<text x="${centre}" y="${captionY + 42}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="28" fill="#fff" stroke="#0004" stroke-width="1">${escapeXml(subcaption)}</text>`
      : '') +
    '</svg>'
  );
}

/** A body's side view, front to the right, in a 1200-wide space standing on y = 487: paint, glass, wheels. */
interface Silhouette {
  shell: string;
  glass: string;
  /** Drawn over the paint in shadow: a pickup's open bed, a convertible's seats, a van's sliding door. */
  shadow?: string;
  wheels: readonly [rear: number, front: number];
  wheelRadius: number;
}

/**
 * Each body as a dealer photographs it from the side: a saloon's boot and a pickup's open bed stand lower than
 * the roof; an estate's, a hatchback's, an SUV's, an MPV's and a van's roof runs to the rear; SUVs, MPVs and vans
 * stand taller; a convertible has no roof.
 */
const SILHOUETTES: Readonly<Record<Body, Silhouette>> = {
  sedan: {
    shell:
      'M182 420 L190 325 Q196 304 232 301 L338 297 L468 230 Q522 214 600 213 L722 217 L862 298 L1002 312 Q1040 320 1040 360 L1040 420 Z',
    glass: 'M362 292 L476 236 Q530 223 600 222 L708 226 L828 294 Z',
    wheels: [330, 880],
    wheelRadius: 60,
  },
  estate: {
    shell: 'M182 420 L186 268 Q190 226 244 222 L726 217 L862 298 L1002 312 Q1040 320 1040 360 L1040 420 Z',
    glass: 'M212 292 L224 240 Q230 231 252 231 L712 226 L828 294 Z',
    wheels: [330, 880],
    wheelRadius: 60,
  },
  hatchback: {
    shell: 'M240 420 L244 290 Q250 236 300 232 L690 226 L838 302 L988 316 Q1020 324 1020 362 L1020 420 Z',
    glass: 'M268 292 L280 244 Q286 238 306 238 L676 234 L806 296 Z',
    wheels: [350, 870],
    wheelRadius: 58,
  },
  suv: {
    shell: 'M178 400 L180 236 Q184 190 240 187 L732 183 L852 262 L1008 278 Q1042 286 1042 326 L1042 400 Z',
    glass: 'M208 258 L222 204 Q228 196 248 196 L718 192 L818 258 Z',
    wheels: [330, 885],
    wheelRadius: 70,
  },
  mpv: {
    shell:
      'M180 420 L184 226 Q188 178 250 176 L712 174 Q766 176 806 222 L930 292 L1008 306 Q1040 314 1040 352 L1040 420 Z',
    glass: 'M212 270 L222 196 Q228 188 254 188 L704 186 Q748 190 778 226 L848 270 Z',
    wheels: [320, 890],
    wheelRadius: 62,
  },
  van: {
    shell: 'M160 420 L160 148 Q162 118 200 118 L858 118 Q894 120 920 170 L984 262 Q1040 274 1040 322 L1040 420 Z',
    glass: 'M870 140 Q890 142 906 176 L962 256 L870 256 Z',
    shadow: 'M636 130 L642 130 L642 404 L636 404 Z',
    wheels: [300, 900],
    wheelRadius: 62,
  },
  pickup: {
    shell:
      'M180 420 L180 312 L598 312 L604 212 Q608 196 636 196 L798 196 L880 292 L1008 306 Q1040 314 1040 352 L1040 420 Z',
    glass: 'M626 288 L632 214 Q634 206 648 206 L790 206 L856 288 Z',
    shadow: 'M196 312 L584 312 L584 324 L196 324 Z',
    wheels: [330, 880],
    wheelRadius: 66,
  },
  coupe: {
    shell:
      'M192 420 L200 330 Q236 300 318 296 L520 222 Q600 204 700 210 L862 294 L1004 312 Q1040 320 1040 360 L1040 420 Z',
    glass: 'M372 290 L524 230 Q596 214 690 218 L826 290 Z',
    wheels: [330, 880],
    wheelRadius: 60,
  },
  convertible: {
    shell:
      'M182 420 L190 325 Q196 304 232 301 L776 300 L800 242 L814 242 L862 298 L1002 312 Q1040 320 1040 360 L1040 420 Z',
    glass: 'M790 298 L806 250 L812 250 L846 298 Z',
    shadow: 'M470 300 L474 264 Q490 252 506 264 L510 300 Z M600 300 L604 264 Q620 252 636 264 L640 300 Z',
    wheels: [330, 880],
    wheelRadius: 60,
  },
};

/** The car alone (no lot, no shadow): its body's shape in its paint, on a transparent 1200 × 500 canvas. */
export function carSilhouetteSvg(body: Body, paint = '#667'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500" width="1200" height="500">${carShape(body, paint)}</svg>`;
}

function carShape(body: Body, paint: string): string {
  const shape = SILHOUETTES[body] ?? SILHOUETTES.sedan;
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="${487 - shape.wheelRadius}" r="${shape.wheelRadius}" fill="#222"/>` +
    `<circle cx="${x}" cy="${487 - shape.wheelRadius}" r="${Math.round(shape.wheelRadius / 2)}" fill="#aaa"/>`;
  return (
    `<path d="${shape.shell}" fill="${paint}" stroke="#0008" stroke-width="4"/>` +
    `<path d="${shape.glass}" fill="#9fc3e6" fill-opacity="0.85"/>` +
    (shape.shadow ? `<path d="${shape.shadow}" fill="#000" fill-opacity="0.45"/>` : '') +
    wheel(shape.wheels[0]) +
    wheel(shape.wheels[1])
  );
}

/**
 * A car side view in the car's colour and its body's shape (a pickup has its open bed) on a dealer's lot (4:3); the
 * view turns a little per image number and per 360 frame.
 */
export function carSvg(opts: {
  brand: string;
  model: string;
  /** The car's body (its picture's shape); the data always names it, a saloon when left out. */
  body?: Body;
  colorKey: string;
  n: number;
  of: number;
  angle?: number;
  seed?: string;
}): string {
  const random = seededRandom(opts.seed ?? `${opts.brand} ${opts.model} ${opts.n}`);
  const paint = COLOR_HEX[opts.colorKey] ?? '#667';
  const flip = opts.angle !== undefined ? Math.cos((opts.angle * Math.PI) / 180) : opts.n % 2 === 0 ? -1 : 1;
  const scale = Math.max(0.25, Math.abs(flip)) * Math.sign(flip || 1);
  const hue = hueOf(opts.brand);
  const horizon = 470;
  const scene =
    sky(1200, horizon, 200 + (hue % 30)) +
    skyline(random, 1200, horizon, hue) +
    `<rect y="${horizon}" width="1200" height="${900 - horizon}" fill="hsl(${hue} 6% ${50 + (opts.n % 3) * 6}%)"/>` +
    Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M${80 + i * 180} ${horizon + 20} L${i * 240 - 160} 900" stroke="#fff" stroke-width="6" stroke-opacity="0.55"/>`,
    ).join('');
  const car =
    '<ellipse cx="610" cy="600" rx="470" ry="26" fill="#0005"/>' +
    `<g transform="translate(600 490) scale(${scale.toFixed(3)} 1) translate(-600 -380)">${carShape(opts.body ?? 'sedan', paint)}</g>`;
  const label = opts.angle !== undefined ? `360° · ${Math.round(opts.angle)}°` : `${opts.n} / ${opts.of}`;
  return frame(1200, 900, scene + car, `${opts.brand} ${opts.model}`, label, 700);
}

export type SceneKind = 'site' | 'kit' | 'story' | 'content' | 'person';

/**
 * A dealership front for sites (16:9), a boxed product for kits (square; `transparent` leaves out the
 * studio background, a cut-out product shot), a portrait for people (square), a landscape for stories
 * and content pictures (16:9). Only a kit's picture carries a caption (its code): the others are shown as
 * heroes, whose heading is drawn over them, and a caption in the picture would print behind it.
 */
export function sceneSvg(
  kind: SceneKind,
  key: string,
  caption: string,
  options: { transparent?: boolean } = {},
): string {
  const random = seededRandom(`${kind}:${key}`);
  const hue = hueOf(key);
  switch (kind) {
    case 'site':
      return frame(
        1200,
        675,
        sky(1200, 520, hue) +
          skyline(random, 1200, 520, hue) +
          trees(random, 1200, 530, 5) +
          `<rect y="510" width="1200" height="165" fill="hsl(${hue} 8% 46%)"/>` +
          '<rect x="200" y="200" width="800" height="310" fill="#f4f4f4"/><rect x="200" y="170" width="800" height="40" fill="#123"/>' +
          '<rect x="260" y="260" width="300" height="250" fill="#8bb7dd"/><rect x="640" y="260" width="300" height="160" fill="#8bb7dd"/>' +
          '<path d="M260 260 L560 510 M640 260 L940 420" stroke="#fff" stroke-width="5" stroke-opacity="0.4"/>',
        // No caption: a site's picture is its page's hero, behind the site's name.
        '',
      );
    case 'kit': {
      // A grey studio backdrop; a cut-out shot has neither backdrop nor caption.
      const studio = options.transparent
        ? ''
        : `<defs><linearGradient id="studio" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 12% 62%)"/><stop offset="1" stop-color="hsl(${hue} 10% 80%)"/></linearGradient></defs>` +
          '<rect width="800" height="800" fill="url(#studio)"/><ellipse cx="400" cy="600" rx="220" ry="26" fill="#0004"/>';
      return frame(
        800,
        800,
        studio +
          '<path d="M250 300 L400 230 L550 300 L550 520 L400 590 L250 520 Z" fill="#e9d8b4" stroke="#765" stroke-width="6"/>' +
          `<path d="M400 370 L550 300 L550 520 L400 590 Z" fill="hsl(${hue} 30% 70%)" fill-opacity="0.5"/>` +
          '<path d="M250 300 L400 370 L550 300 M400 370 L400 590" stroke="#765" stroke-width="6" fill="none"/>',
        options.transparent ? '' : caption,
        '',
        680,
      );
    }
    case 'person':
      return frame(
        400,
        400,
        `<rect width="400" height="400" fill="hsl(${hue} 30% ${round(55 + random() * 20)}%)"/>` +
          `<circle cx="200" cy="150" r="80" fill="hsl(${round(20 + random() * 15)} ${round(35 + random() * 25)}% ${round(55 + random() * 25)}%)"/>` +
          `<path d="M120 120 Q200 40 280 120 Q260 80 200 78 Q140 80 120 120 Z" fill="hsl(30 40% ${round(15 + random() * 45)}%)"/>` +
          `<path d="M60 400 Q200 210 340 400 Z" fill="hsl(${round(random() * 360)} 35% 25%)"/>`,
        '',
      );
    default: {
      const ridges = [0, 1, 2]
        .map((layer) => {
          const base = 430 + layer * 120;
          const points = Array.from({ length: 9 }, (_, i) => `L${i * 200} ${round(base - random() * 160)}`).join(' ');
          return `<path d="M0 900 ${points} L1600 900 Z" fill="hsl(${hue} ${35 - layer * 5}% ${50 - layer * 10}%)"/>`;
        })
        .join('');
      return frame(
        1600,
        900,
        sky(1600, 900, hue) +
          `<circle cx="${round(1000 + random() * 450)}" cy="${round(140 + random() * 120)}" r="90" fill="#ffe9a8"/>` +
          ridges +
          trees(random, 1600, 880, 6),
        // No caption: stories and content pictures are heroes, their heading drawn over them.
        '',
      );
    }
  }
}

/** A brand logo: the name set in a plate (footer logos). */
export function brandSvg(name: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${escapeXml(name)}">` +
    `<rect x="2" y="2" width="236" height="76" rx="12" fill="#fff" stroke="hsl(${hueOf(name)} 50% 35%)" stroke-width="3"/>` +
    `<text x="120" y="50" text-anchor="middle" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="hsl(${hueOf(name)} 50% 30%)">${escapeXml(name)}</text></svg>`
  );
}
