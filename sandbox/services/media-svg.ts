/** Small generated SVG pictures: believable placeholders that are cheap to serve and never need a file. */

const COLOR_HEX: Record<string, string> = {
  black: '#1d1f24', white: '#eef0f2', silver: '#b9bec4', grey: '#6b7178', blue: '#2c5aa0', red: '#b3262d',
  green: '#2f6b4f', brown: '#6b4a33', beige: '#cdb996',
};

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A stable pastel from any text, so one site or story always gets the same background. */
export function hueOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) % 360;
  return h;
}

/**
 * The caption is centred, and its baseline (`captionY`) lies inside the part every crop keeps: cards and heroes
 * show pictures with `object-fit: cover` (car cards 4:3, story cards up to 21:9, heroes wider still), which cut
 * the sides or the top and bottom, never the middle.
 */
function frame(width: number, height: number, background: string, body: string, caption: string, subcaption = '', captionY = height - 70): string {
  const centre = width / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(caption)}">`
    + `<rect width="100%" height="100%" fill="${background}"/>${body}`
    + `<text x="${centre}" y="${captionY}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" stroke="#0006" stroke-width="1">${escapeXml(caption)}</text>`
    + (subcaption ? `<text x="${centre}" y="${captionY + 42}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="28" fill="#fff">${escapeXml(subcaption)}</text>` : '')
    + '</svg>';
}

/** A car side view in the car's colour; the view turns a little per image number and per 360 frame. */
export function carSvg(opts: { brand: string; model: string; colorKey: string; n: number; of: number; angle?: number }): string {
  const paint = COLOR_HEX[opts.colorKey] ?? '#667';
  const flip = opts.angle !== undefined ? Math.cos((opts.angle * Math.PI) / 180) : opts.n % 2 === 0 ? -1 : 1;
  const scale = Math.max(0.25, Math.abs(flip)) * Math.sign(flip || 1);
  const body = `<g transform="translate(600 380) scale(${scale.toFixed(3)} 1) translate(-600 -380)">`
    + `<path d="M180 420 L220 330 Q260 300 340 295 L480 230 Q560 200 700 205 L820 210 Q900 220 960 300 L1020 320 Q1040 330 1040 360 L1040 420 Z" fill="${paint}" stroke="#0008" stroke-width="4"/>`
    + '<path d="M500 240 L690 222 L780 228 L860 300 L470 300 Z" fill="#9fc3e6" opacity="0.85"/>'
    + '<circle cx="330" cy="425" r="62" fill="#222"/><circle cx="330" cy="425" r="30" fill="#aaa"/>'
    + '<circle cx="880" cy="425" r="62" fill="#222"/><circle cx="880" cy="425" r="30" fill="#aaa"/></g>'
    + '<rect y="487" width="1200" height="8" fill="#0002"/>';
  const bg = `hsl(${hueOf(opts.brand)} 25% ${60 + (opts.n % 3) * 8}%)`;
  const label = opts.angle !== undefined ? `360° · ${Math.round(opts.angle)}°` : `${opts.n} / ${opts.of}`;
  return frame(1200, 675, bg, body, `${opts.brand} ${opts.model}`, label);
}

/** A building front for sites, a box for kits, a landscape for stories and content images. */
export function sceneSvg(kind: 'site' | 'kit' | 'story' | 'content' | 'person', key: string, caption: string): string {
  const hue = hueOf(key);
  const bg = `hsl(${hue} 40% 45%)`;
  switch (kind) {
    case 'site':
      return frame(1200, 675, bg, '<rect x="200" y="200" width="800" height="300" fill="#f4f4f4"/><rect x="200" y="170" width="800" height="40" fill="#123"/>'
        + '<rect x="260" y="260" width="300" height="240" fill="#8bb7dd"/><rect x="640" y="260" width="300" height="160" fill="#8bb7dd"/>', caption, '', 480);
    case 'kit':
      return frame(800, 800, bg, '<path d="M250 300 L400 230 L550 300 L550 520 L400 590 L250 520 Z" fill="#e9d8b4" stroke="#765" stroke-width="6"/>'
        + '<path d="M250 300 L400 370 L550 300 M400 370 L400 590" stroke="#765" stroke-width="6" fill="none"/>', caption, '', 660);
    case 'person':
      return frame(400, 400, bg, '<circle cx="200" cy="150" r="80" fill="#f1d3bd"/><path d="M60 400 Q200 210 340 400 Z" fill="#234"/>', '');
    default:
      return frame(1600, 900, bg, `<path d="M0 700 L400 420 L700 620 L1050 300 L1600 720 L1600 900 L0 900 Z" fill="hsl(${hue} 35% 30%)"/>`
        + '<circle cx="1300" cy="200" r="90" fill="#ffe9a8"/>', caption, '', 620);
  }
}

/** A brand logo: the name set in a plate (footer logos). */
export function brandSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${escapeXml(name)}">`
    + `<rect x="2" y="2" width="236" height="76" rx="12" fill="#fff" stroke="hsl(${hueOf(name)} 50% 35%)" stroke-width="3"/>`
    + `<text x="120" y="50" text-anchor="middle" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="hsl(${hueOf(name)} 50% 30%)">${escapeXml(name)}</text></svg>`;
}
