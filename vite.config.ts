import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  ALERT_GATE_ENTRY,
  CLIENT_BUILD_DIR,
  EARLY_TAPS_ENTRY,
  ENHANCE_ENTRY,
  ISLANDS_DIR,
  LATE_STYLESHEET_ENTRY,
  PAGE_SCRIPT_LOADER_ENTRY,
  RUM_ENTRY,
  SITE_STYLESHEET,
  STYLE_PARTS,
  islandEntryPath,
  stylePartPath,
} from './client/entryPath.js';

/**
 * One entry per island folder that has an entry.ts (named after the island), the enhance script, the four inline
 * scripts, the site stylesheet and each of its parts (read by the server for the first screen's styles).
 */
function clientEntries(): Record<string, string> {
  const islands = readdirSync(ISLANDS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(islandEntryPath(d.name)))
    .map((d) => [`island-${d.name}`, islandEntryPath(d.name)]);
  return {
    ...Object.fromEntries(islands),
    enhance: ENHANCE_ENTRY,
    alertGate: ALERT_GATE_ENTRY,
    earlyTaps: EARLY_TAPS_ENTRY,
    lateStylesheet: LATE_STYLESHEET_ENTRY,
    pageScriptLoader: PAGE_SCRIPT_LOADER_ENTRY,
    rum: RUM_ENTRY,
    site: SITE_STYLESHEET,
    ...Object.fromEntries(STYLE_PARTS.map((part) => [`style-${part}`, stylePartPath(part)])),
  };
}

export default defineConfig({
  plugins: [react()],
  appType: 'custom',
  publicDir: false,
  resolve: {
    // zod with its JIT off, set before any schema is built (client/zodJitless.ts): the JIT's eval breaks the CSP.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./client/zodJitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: CLIENT_BUILD_DIR,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: clientEntries(),
      output: {
        // React is shared by every island: one long-cached chunk. So are the picture URLs, without React (the
        // stories list's plain script builds them too), the picture component, and the API layer (client/api/).
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler)\//.test(id)
            ? 'react'
            : /\/client\/media\/ResponsiveImage/.test(id)
              ? 'picture'
              : /\/shared\/media\//.test(id)
                ? 'pictures'
                : /\/client\/api\//.test(id)
                  ? 'api'
                  : undefined,
      },
    },
  },
});
