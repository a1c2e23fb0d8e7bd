/**
 * The drawings the media service's photographs are rendered from (media-photos.ts adds grain and
 * encodes them), and the brand logos it serves as SVG. Each drawing's background detail is drawn from a
 * seeded generator, so one picture is always the same and two pictures differ.
 */

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

/** A car side view in the car's colour on a dealer's lot (4:3); the view turns a little per image number and per 360 frame. */
export function carSvg(opts: {
  brand: string;
  model: string;
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
    `<g transform="translate(600 490) scale(${scale.toFixed(3)} 1) translate(-600 -380)">` +
    `<path d="M180 420 L220 330 Q260 300 340 295 L480 230 Q560 200 700 205 L820 210 Q900 220 960 300 L1020 320 Q1040 330 1040 360 L1040 420 Z" fill="${paint}" stroke="#0008" stroke-width="4"/>` +
    '<path d="M500 240 L690 222 L780 228 L860 300 L470 300 Z" fill="#9fc3e6" fill-opacity="0.85"/>' +
    '<path d="M230 340 L1010 340" stroke="#fff" stroke-width="3" stroke-opacity="0.35"/>' +
    '<circle cx="330" cy="425" r="62" fill="#222"/><circle cx="330" cy="425" r="30" fill="#aaa"/>' +
    '<circle cx="880" cy="425" r="62" fill="#222"/><circle cx="880" cy="425" r="30" fill="#aaa"/></g>';
  const label = opts.angle !== undefined ? `360° · ${Math.round(opts.angle)}°` : `${opts.n} / ${opts.of}`;
  return frame(1200, 900, scene + car, `${opts.brand} ${opts.model}`, label, 700);
}

export type SceneKind = 'site' | 'kit' | 'story' | 'content' | 'person';

/**
 * A dealership front for sites (16:9), a boxed product for kits (square; `transparent` leaves out the
 * studio background, a cut-out product shot), a portrait for people (square), a landscape for stories
 * and content pictures (16:9).
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
        caption,
        '',
        480,
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
        caption,
        '',
        620,
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
