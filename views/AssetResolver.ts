/** Where a page's built assets live; the server implements it from Vite's manifest (or the dev server). */
export interface AssetResolver {
  /**
   * Classic scripts every page runs in <head> (the alert gate, the early taps): written inline in production (their hashes are
   * in `scriptHashes`), so nothing is fetched before the first paint; by URL in development.
   */
  headScripts: readonly ClassicScriptSource[];
  /** Stylesheets every page links (the site stylesheet). */
  stylesheets: readonly string[];
  /**
   * Production: the styles a page's first screen needs, for its HTML (server/render/firstScreenStyles.ts),
   * written inline; the stylesheets then load without holding up the first paint (`lateStylesheetScript`).
   */
  firstScreenStyles?: (html: string) => string;
  /** With `firstScreenStyles`: the inline script after each stylesheet's print link that applies it once loaded. */
  lateStylesheetScript?: string;
  /**
   * The classic script after the page's <template> of module scripts that puts them in the document once the page
   * has loaded (client/enhance/pageScriptLoader.ts): inline in production, by URL in development.
   */
  pageScriptLoader: ClassicScriptSource;
  /** CSP hashes (`sha256-…`) of the inline scripts pages carry (head scripts, the late stylesheet, the page script loader, development's React Refresh preamble). */
  scriptHashes?: readonly string[];
  /**
   * Scripts of a page: the enhance entry every page runs at once (small, no React), then the field-data entry
   * and the named islands', held until the page has loaded (views/IslandScripts.tsx).
   */
  pageScripts(islands: readonly string[]): {
    now: ScriptSet;
    afterLoad: ScriptSet;
    /** Development only: the inline React Refresh preamble Vite needs before any island module. */
    devPreamble?: string;
  };
}

/** Module scripts by URL, and the preloads of the chunks they import. */
export interface ScriptSet {
  scripts: string[];
  preloads: string[];
}

/** A classic script: its code, written inline, or its URL. */
export type ClassicScriptSource = { inline: string } | { src: string };
