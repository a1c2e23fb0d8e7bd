import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Router, static as expressStatic, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AssetResolver, ScriptSet } from '../../views/AssetResolver.js';
import {
  ALERT_GATE_ENTRY,
  CLIENT_BUILD_DIR,
  EARLY_TAPS_ENTRY,
  ENHANCE_ENTRY,
  islandEntryPath,
  LATE_STYLESHEET_ENTRY,
  PAGE_SCRIPT_LOADER_ENTRY,
  RUM_ENTRY,
  SITE_STYLESHEET,
  STYLE_PARTS,
  stylePartPath,
} from '../../client/entryPath.js';
import { firstScreenStyles } from './firstScreenStyles.js';

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof ManifestSchema>;

/** The CSP source of an inline script: the SHA-256 of its exact text. */
const scriptHash = (code: string) => `sha256-${createHash('sha256').update(code).digest('base64')}`;

/**
 * Production assets from Vite's manifest, read once at start-up: the head scripts' and the stylesheet parts'
 * built text (written inline into pages) included. Script lookups are memoised per set of islands, so a page
 * costs one Map read.
 */
export function manifestAssets(manifestPath: string): AssetResolver {
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  } catch (err) {
    throw new Error(
      `Client build missing or unreadable at ${manifestPath}: run \`npm run build:client\` (${(err as Error).message})`,
    );
  }
  // The manifest is <build>/.vite/manifest.json; the files it names are under <build>.
  const buildDir = dirname(dirname(manifestPath));
  const url = (file: string) => `/${file}`;
  const built = (entryKey: string) => {
    const entry = manifest[entryKey];
    if (!entry) throw new Error(`${entryKey} has no entry in the client build`);
    return { url: url(entry.file), text: () => readFileSync(join(buildDir, entry.file), 'utf8').trim() };
  };
  const stylesheets = [built(SITE_STYLESHEET).url];
  const alertGate = built(ALERT_GATE_ENTRY).text();
  const earlyTaps = built(EARLY_TAPS_ENTRY).text();
  const lateStylesheetScript = built(LATE_STYLESHEET_ENTRY).text();
  const pageScriptLoader = built(PAGE_SCRIPT_LOADER_ENTRY).text();
  const parts = STYLE_PARTS.map((part) => ({
    name: part,
    css: built(stylePartPath(part)).text(),
    always: part === 'base',
  }));

  // React's chunk (vite.config.ts manualChunks): a module script of its own on a page whose islands import it.
  const reactChunk = Object.entries(manifest).find(([, chunk]) => chunk.name === 'react' && !chunk.isEntry)?.[0];
  const memo = new Map<string, ReturnType<AssetResolver['pageScripts']>>();
  return {
    stylesheets,
    headScripts: [{ inline: alertGate }, { inline: earlyTaps }],
    firstScreenStyles: firstScreenStyles(parts),
    lateStylesheetScript,
    pageScriptLoader: { inline: pageScriptLoader },
    scriptHashes: [alertGate, earlyTaps, lateStylesheetScript, pageScriptLoader].map(scriptHash),
    pageScripts(islands) {
      const key = islands.join(',');
      const known = memo.get(key);
      if (known) return known;
      const preloaded = new Set<string>();
      const scriptSet = (entryKeys: readonly string[]) => {
        const set: ScriptSet = { scripts: [], preloads: [] };
        const visit = (chunkKey: string) => {
          for (const imported of manifest[chunkKey]?.imports ?? []) {
            const chunk = manifest[imported];
            if (chunk && !preloaded.has(url(chunk.file))) {
              preloaded.add(url(chunk.file));
              set.preloads.push(url(chunk.file));
              visit(imported);
            }
          }
        };
        for (const entryKey of entryKeys) {
          const entry = manifest[entryKey];
          if (!entry) throw new Error(`${entryKey} has no entry in the client build`);
          set.scripts.push(url(entry.file));
          visit(entryKey);
        }
        return set;
      };
      // The later set leaves out what the first preloads already. React's chunk, when the islands import it, is a
      // script of its own ahead of them instead of a preload: each module script's graph is evaluated in one task,
      // and React's evaluation with an island's made that task long on a phone (the tire hotel's 12.3-14.8 ms of
      // CPU unthrottled, about 55 ms at 4×); alone, React is evaluated in a task of its own (3-3.6 ms) and the
      // island's graph in the next (9-10 ms), with a chance for input between them.
      const now = scriptSet([ENHANCE_ENTRY]);
      const afterLoad = scriptSet([RUM_ENTRY, ...islands.map(islandEntryPath)]);
      const react = reactChunk && url(manifest[reactChunk]!.file);
      if (react && afterLoad.preloads.includes(react)) {
        afterLoad.preloads = afterLoad.preloads.filter((href) => href !== react);
        afterLoad.scripts.unshift(react);
      }
      const result = { now, afterLoad };
      memo.set(key, result);
      return result;
    },
  };
}

/** Development assets served by Vite in middleware mode, with hot reload. */
export function devServerAssets(): AssetResolver {
  const preamble = [
    'import RefreshRuntime from "/@react-refresh";',
    'RefreshRuntime.injectIntoGlobalHook(window);',
    'window.$RefreshReg$ = () => {};',
    'window.$RefreshSig$ = () => (type) => type;',
    'window.__vite_plugin_react_preamble_installed__ = true;',
  ].join('\n');
  return {
    stylesheets: [`/${SITE_STYLESHEET}`],
    headScripts: [{ src: `/${ALERT_GATE_ENTRY}` }, { src: `/${EARLY_TAPS_ENTRY}` }],
    pageScriptLoader: { src: `/${PAGE_SCRIPT_LOADER_ENTRY}` },
    scriptHashes: [scriptHash(preamble)],
    pageScripts: (islands) => ({
      now: { scripts: ['/@vite/client', `/${ENHANCE_ENTRY}`], preloads: [] },
      afterLoad: { scripts: [`/${RUM_ENTRY}`, ...islands.map((name) => `/${islandEntryPath(name)}`)], preloads: [] },
      ...(islands.length > 0 ? { devPreamble: preamble } : {}),
    }),
  };
}

/** The production build: its manifest for page rendering and its files under /assets, cached for a year. */
export function builtClientAssets(): { assets: AssetResolver; clientAssets: RequestHandler } {
  return {
    assets: manifestAssets(`${CLIENT_BUILD_DIR}/.vite/manifest.json`),
    clientAssets: Router().use(
      '/assets',
      expressStatic(`${CLIENT_BUILD_DIR}/assets`, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    ),
  };
}
