import { carSvg, sceneSvg } from '../../sandbox/services/media-svg.js';

/** What a crop with `object-fit: cover` at a width:height `ratio` keeps of a picture: a centred band. */
function kept(width: number, height: number, ratio: number) {
  const w = Math.min(width, height * ratio);
  const h = Math.min(height, width / ratio);
  return { left: (width - w) / 2, right: (width + w) / 2, top: (height - h) / 2, bottom: (height + h) / 2 };
}

/** The caption's box: centred on x, 44 px type (bold glyphs about 0.6 em wide), the subcaption 42 px under it. */
function captionBox(svg: string) {
  const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number) as [number, number, number];
  const texts = [...svg.matchAll(/<text x="([\d.]+)" y="(\d+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)];
  const half = Math.max(...texts.map((t) => (t[4]!.length * 0.6 * Number(t[3])) / 2));
  const x = Number(texts[0]![1]);
  return {
    width,
    height,
    left: x - half,
    right: x + half,
    top: Number(texts[0]![2]) - 44,
    bottom: Math.max(...texts.map((t) => Number(t[2]))) + 8,
  };
}

describe('sandbox car and kit pictures keep their caption whole in every crop the site makes', () => {
  it.each([
    // car cards 4:3, the gallery 16:9
    [
      'car',
      carSvg({ brand: 'Volkswagen', model: 'Passat', body: 'estate', colorKey: 'blue', n: 1, of: 12 }),
      [4 / 3, 16 / 9],
    ],
    [
      'car, a long name',
      carSvg({ brand: 'Mercedes-Benz', model: 'Transit Custom', body: 'van', colorKey: 'red', n: 10, of: 12 }),
      [4 / 3, 16 / 9],
    ],
    // kit cards 4:3
    ['kit', sceneSvg('kit', 'k1', 'Takbox 420 l – Volvo XC60'), [4 / 3, 1]],
  ] as const)('%s', (_name, svg, ratios) => {
    const box = captionBox(svg);
    for (const ratio of ratios) {
      const band = kept(box.width, box.height, ratio);
      expect({
        ratio,
        left: box.left >= band.left,
        right: box.right <= band.right,
        top: box.top >= band.top,
        bottom: box.bottom <= band.bottom,
      }).toEqual({ ratio, left: true, right: true, top: true, bottom: true });
    }
  });
});

describe('sandbox pictures shown as heroes carry no caption (it printed behind the hero heading)', () => {
  it.each([
    // a site's picture is its page's hero (and its card's picture)
    ['site', sceneSvg('site', 's1', 'Hedin Automotive Kungens Kurva')],
    // stories and content pictures: heroes, story cards, blurbs
    ['content hero', sceneSvg('content', 'se-hitta-din-nasta-bil', 'se hitta din nasta bil')],
    ['story', sceneSvg('story', 'elbil-2026', 'elbil 2026')],
  ])('%s: no text drawn', (_name, svg) => {
    expect(svg).not.toMatch(/<text\b/);
  });
});
