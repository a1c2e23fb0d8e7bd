import { readFileSync } from 'node:fs';
import { SITE_STYLESHEET, STYLE_PARTS } from '../../client/entryPath.js';
import { firstScreenStyles, selectorBlocks } from '../../server/render/firstScreenStyles.js';

const PARTS = [
  { name: 'blocks', css: '.block+.block{margin:0}.hero{height:40vw}.hero .button{margin-top:.5rem}' },
  {
    name: 'car-list',
    css: '.car-card__image{aspect-ratio:4/3}@media (min-width:960px){.car-list__layout{display:grid}}',
  },
  { name: 'compare', css: '.compare-bar{position:fixed}' },
  { name: 'base', css: ':root{--space:1rem}body{margin:0}.button{padding:.5rem}', always: true },
];

describe("a page's first-screen styles", () => {
  const pick = firstScreenStyles(PARTS);

  it('carries the layout and each part with a selector whose classes the page all uses, in the stylesheet order', () => {
    const carList =
      '<main class="car-list"><article class="car-card car-card--new"><img class="car-card__image"></article></main>';
    expect(pick(carList)).toBe(`${PARTS[1]!.css}${PARTS[3]!.css}`);
    const home = '<section class="hero hero--default"><a class="button">x</a></section>';
    expect(pick(home)).toBe(`${PARTS[0]!.css}${PARTS[3]!.css}`);
  });

  it('does not take a part for a class it names only beside another block (.hero .button on a page without a hero)', () => {
    expect(pick('<a class="button">x</a>')).toBe(PARTS[3]!.css);
  });

  it('reads selectors as the blocks they need, leaving out those without a class', () => {
    expect(selectorBlocks('.a__b .c--d,.e:not(.e--x){x:1}@media (max-width:639.98px){body,.f{y:2}}')).toEqual([
      ['a', 'c'],
      ['e', 'e'],
      ['f'],
    ]);
  });

  it('knows every part of the site stylesheet, in its order', () => {
    const imports = [...readFileSync(SITE_STYLESHEET, 'utf8').matchAll(/@import '\.\/([\w-]+)\.css';/g)].map(
      (m) => m[1],
    );
    expect(imports).toEqual([...STYLE_PARTS]);
  });
});
