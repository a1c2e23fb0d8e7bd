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

describe('sandbox pictures keep their caption whole in every crop the site makes', () => {
  it.each([
    // car cards 4:3, the gallery 16:9
    ['car', carSvg({ brand: 'Volkswagen', model: 'Passat', colorKey: 'blue', n: 1, of: 12 }), [4 / 3, 16 / 9]],
    [
      'car, a long name',
      carSvg({ brand: 'Mercedes-Benz', model: 'Transit Custom', colorKey: 'red', n: 10, of: 12 }),
      [4 / 3, 16 / 9],
    ],
    // kit cards 4:3
    ['kit', sceneSvg('kit', 'k1', 'Takbox 420 l – Volvo XC60'), [4 / 3, 1]],
    // site cards 16:9, the site hero up to 2.7:1
    ['site', sceneSvg('site', 's1', 'Hedin Automotive Kungens Kurva'), [16 / 9, 2.7]],
    // story cards 16:9 and 21:9, heroes 2.7:1 (1440 px) down to 1.25:1 (a phone)
    ['content hero', sceneSvg('content', 'c1', 'Hitta nästa bil'), [16 / 9, 21 / 9, 2.7, 1.25]],
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
