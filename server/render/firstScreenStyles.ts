/**
 * The styles a page's first paint needs, written inline in its <head>, so the site stylesheet can load
 * without holding the paint up (views/Document.tsx). Granularity is the stylesheet's parts (client/styles,
 * STYLE_PARTS): a page carries every part with a selector whose classes its HTML all uses, and the layout part
 * always. A part
 * is a few kilobytes; whole parts, not single rules, so whatever a page shows first is styled as the whole
 * stylesheet styles it (no shift when that arrives) and picking costs one scan of the page's class names.
 */
export interface StylePartText {
  name: string;
  /** The part's built (minified) CSS. */
  css: string;
  /** Included whatever the page uses (the layout). */
  always?: boolean;
}

/** The BEM blocks a class name belongs to: `car-card__image` and `car-card--skeleton` are `car-card`'s. */
const blockOf = (className: string) => className.split(/__|--/, 1)[0]!;

/**
 * Each selector of a stylesheet as the blocks it needs (`.hero .button` needs hero and button), leaving out
 * selectors without a class (the layout part's `body`, `h1`).
 */
export function selectorBlocks(css: string): string[][] {
  // Strings and url() values could hold braces or dots; no part has any, but they are left out all the same.
  const plain = css.replace(/"[^"]*"|'[^']*'|url\([^)]*\)/g, '');
  const needs: string[][] = [];
  // What stands before each '{' since the last '}' is a selector list (or an @media prelude, which has no class).
  const preludes = plain
    .split('{')
    .slice(0, -1)
    .map((text) => text.slice(text.lastIndexOf('}') + 1));
  for (const prelude of preludes)
    for (const selector of prelude.split(',')) {
      const blocks = [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => blockOf(m[1]!));
      if (blocks.length > 0) needs.push(blocks);
    }
  return needs;
}

/** The blocks a page's HTML uses: every class name in its class attributes. */
function usedBlocks(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) used.add(blockOf(name));
  return used;
}

/**
 * Picks, for a page's HTML, the CSS of the parts it uses, in the stylesheet's order (so the cascade is the
 * whole file's). Memoised by the set of parts: pages of a kind share one string.
 */
export function firstScreenStyles(parts: readonly StylePartText[]): (html: string) => string {
  const indexed = parts.map((part) => ({ ...part, selectors: selectorBlocks(part.css) }));
  const memo = new Map<string, string>();
  return (html) => {
    const used = usedBlocks(html);
    const chosen = indexed.filter(
      (part) => part.always || part.selectors.some((blocks) => blocks.every((block) => used.has(block))),
    );
    const key = chosen.map((part) => part.name).join(',');
    let css = memo.get(key);
    if (css === undefined) {
      css = chosen.map((part) => part.css.trim()).join('');
      memo.set(key, css);
    }
    return css;
  };
}
