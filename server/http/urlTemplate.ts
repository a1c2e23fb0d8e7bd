/**
 * The origin of an absolute URL template (map tiles' https://tiles.example/{z}/{x}/{y}.png, an image
 * CDN's https://dealer.imgix.net/{path}?w={width}), which img-src must allow; none for a /path one.
 */
export function templateOrigin(template: string): string | undefined {
  return /^https:\/\/[^/?#]+/.exec(template)?.[0];
}

/** What a URL template may hold and must hold: its placeholders with a sample value each, and which are required. */
export interface UrlTemplateKind {
  /** What the variable must be, for its config error. */
  expected: string;
  /** Every placeholder it may use, with a value like one it will be filled with. */
  samples: Readonly<Record<string, string>>;
  /** Each entry is satisfied by any one of its placeholders: `[['{width}'], ['{src}', '{path}']]`. */
  required: readonly (readonly string[])[];
  /** Whether a same-site `/path` template is allowed besides an `https://` one. */
  relative: boolean;
  /** The required placeholders appear in the order listed (a tile's {z}/{x}/{y}: another order is a mix-up). */
  inOrder?: boolean;
}

/**
 * Why a URL template from the environment would break the site once pages use it, or undefined when it is sound.
 * Filled with sample values it must be a URL of its kind, and an `https://` one must start with its origin written
 * exactly as a browser writes it, since that text becomes a source of the page's Content-Security-Policy: a `;`
 * or `,` there (a new CSP directive), a placeholder in the host, a user name or a fragment are refused at start
 * with this reason, instead of helmet throwing at the first request's headers or every picture being broken.
 */
export function urlTemplateProblem(template: string, kind: UrlTemplateKind): string | undefined {
  if (/[\s\p{Cc}]/u.test(template)) return 'it holds whitespace or a control character';
  const placeholders = template.match(/\{[^{}]*\}/g) ?? [];
  const unknown = placeholders.find((p) => !(p in kind.samples));
  if (unknown) return `${unknown} is not one of ${Object.keys(kind.samples).join(', ')}`;
  if (/[{}]/.test(template.replace(/\{[^{}]*\}/g, ''))) return 'it has a { or } outside a placeholder';
  const missing = kind.required.find((anyOf) => !anyOf.some((p) => template.includes(p)));
  if (missing) return `it needs ${missing.join(' or ')}`;
  const at = kind.required.map((anyOf) => Math.min(...anyOf.map((p) => template.indexOf(p)).filter((i) => i >= 0)));
  if (kind.inOrder && at.some((i, n) => n > 0 && i < at[n - 1]!))
    return `it needs ${kind.required.map((anyOf) => anyOf.join(' or ')).join(', ')} in that order`;
  const filled = Object.entries(kind.samples).reduce((text, [p, value]) => text.replaceAll(p, value), template);
  if (kind.relative && template.startsWith('/')) {
    if (template.startsWith('//')) return 'a path must not start with //';
    return URL.canParse(filled, 'https://site.example') ? undefined : 'it is not a path once filled in';
  }
  if (!template.startsWith('https://')) return `it must start with https://${kind.relative ? ' or /' : ''}`;
  if (templateOrigin(template)?.includes('{')) return 'its host must be written out, not a placeholder';
  if (!URL.canParse(filled)) return 'it is not a URL once filled in';
  const url = new URL(filled);
  if (url.username || url.password) return 'it must not name a user or password';
  if (url.hash) return 'it must not have a #fragment';
  // What a CSP host-source can name: letters, digits, hyphens and dots (a name's punycode), or an IPv6 address.
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname))
    return `${url.hostname} is not a host name`;
  if (templateOrigin(template) !== url.origin)
    return `its origin must be written as a browser writes it (${url.origin}), with nothing but a path, query or placeholders after it`;
  return undefined;
}

/** IMAGE_URL_TEMPLATE: an image CDN's URL of a picture at a width (docs/pictures.md "An image CDN instead"). */
export const IMAGE_URL_TEMPLATE: UrlTemplateKind = {
  expected: 'an https:// URL template with {width} and {src} or {path}',
  samples: {
    '{width}': '640',
    '{quality}': '75',
    '{src}': 'https://www.example.se/media/cars/100001/1.jpg?v=3fa29c1e0b',
    '{path}': 'cars/100001/1.jpg',
  },
  required: [['{width}'], ['{src}', '{path}']],
  relative: false,
};

/** MAP_TILE_URL: a map tile by zoom and position. */
export const MAP_TILE_URL: UrlTemplateKind = {
  expected: 'an https:// or /path template with {z}, {x} and {y}',
  samples: { '{z}': '12', '{x}': '2200', '{y}': '1200' },
  required: [['{z}'], ['{x}'], ['{y}']],
  relative: true,
  inOrder: true,
};
