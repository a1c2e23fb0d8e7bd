/** The one place that says where the browser entries live; Vite's inputs and the server's manifest lookups both use it. */
export const ISLANDS_DIR = 'client/islands';
export const SITE_STYLESHEET = 'client/styles/site.css';
/**
 * The site stylesheet's parts, in its order (it imports each): each is built alone too, so a page can carry
 * the parts its HTML uses inline for its first paint (server/render/firstScreenStyles.ts). `base` is the layout.
 */
export const STYLE_PARTS = [
  'blocks',
  'pages',
  'car-list',
  'car-detail',
  'compare',
  'saved',
  'booking',
  'forms',
  'finance',
  'lead-forms',
  'tirehotel',
  'base',
  'editing',
] as const;
export type StylePart = (typeof STYLE_PARTS)[number];
export const stylePartPath = (part: StylePart) => `client/styles/${part}.css`;
/** The small script without React behind the layout's menus, alert, scroll-to-top and other native-HTML blocks. */
export const ENHANCE_ENTRY = 'client/enhance/entry.ts';
/** Marks <html> when the alert was dismissed, before first paint: a classic script in <head>, no imports. */
export const ALERT_GATE_ENTRY = 'client/enhance/alertGate.ts';
/** Keeps a tap on a save toggle that comes before the enhance script runs: a classic script in <head>, no imports. */
export const EARLY_TAPS_ENTRY = 'client/enhance/earlyTaps.ts';
/** Applies the site stylesheet, linked for print so it does not hold up the first paint, once it has loaded: inline after that link. */
export const LATE_STYLESHEET_ENTRY = 'client/enhance/lateStylesheet.ts';
/** Puts the page's module scripts (a <template> at the end of <body>) in the document once it has loaded: inline after that template. */
export const PAGE_SCRIPT_LOADER_ENTRY = 'client/enhance/pageScriptLoader.ts';
/** Field data (Core Web Vitals with web-vitals, sent to /api/rum): its own small module, on every page. */
export const RUM_ENTRY = 'client/rum/reportVitals.ts';

export function islandEntryPath(name: string): string {
  return `${ISLANDS_DIR}/${name}/entry.ts`;
}

/**
 * Where Vite writes the browser build (and its manifest). Not dist/client: tsc compiles client/
 * sources for server rendering into dist/, and Vite empties its own output folder.
 */
export const CLIENT_BUILD_DIR = 'dist/public';
