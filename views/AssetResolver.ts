/** Where a page's built assets live; the server implements it from Vite's manifest (or the dev server). */
export interface AssetResolver {
  /** Stylesheets every page links. */
  /** Classic scripts every page runs in <head> before the stylesheets (the alert gate): they block the first paint, so keep them tiny. */
  headScripts: readonly string[];
  stylesheets: readonly string[];
  /** Development only: CSP hashes (`sha256-…`) of the inline scripts pages carry (the React Refresh preamble). */
  scriptHashes?: readonly string[];
  /** Scripts of a page: the enhance and field-data entries every page loads, then the named islands. */
  pageScripts(islands: readonly string[]): {
    scripts: string[];
    preloads: string[];
    /** Development only: the inline React Refresh preamble Vite needs before any island module. */
    devPreamble?: string;
  };
}
