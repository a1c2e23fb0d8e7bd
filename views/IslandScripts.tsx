import type { AssetResolver } from './AssetResolver.js';
import { ClassicScript } from './ClassicScript.js';
import { usePage } from './PageContext.js';

/**
 * The module scripts (and preloads of their shared chunks) of the page: the small enhance script every page
 * runs, the field-data script, then exactly the islands placed above it. Rendered last in <body>, after every
 * Island has registered itself during the same render pass.
 *
 * The enhance script (menus, alert, carousels; no React) is fetched at once at low priority. The rest (React and
 * hydration, 100 KB on the car list) is held in a <template> until the page has loaded, or until the shopper
 * touches a key or the screen first (field data reads the browser's buffered entries, so it misses nothing):
 * the loader right after it puts them in the document (client/enhance/pageScriptLoader.ts). The server's HTML is
 * the first screen; on a slow line the LCP picture does not share the bandwidth with hydration, and Lighthouse
 * no longer counts the islands towards the LCP on runs where they happened to arrive before the picture was
 * painted (car list LCP 1.9–2.9 s over runs).
 */
export function IslandScripts({ assets }: { assets: AssetResolver }) {
  const { islands } = usePage();
  const { now, afterLoad, devPreamble } = assets.pageScripts([...islands]);
  return (
    <>
      {devPreamble && <script type="module" dangerouslySetInnerHTML={{ __html: devPreamble }} />}
      {now.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      {now.scripts.map((src) => (
        <script key={src} type="module" src={src} fetchPriority="low" />
      ))}
      {/* Written as HTML: React would hoist the preload links out of the template into the head. */}
      <template dangerouslySetInnerHTML={{ __html: heldScripts(afterLoad.preloads, afterLoad.scripts) }} />
      <ClassicScript script={assets.pageScriptLoader} />
    </>
  );
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

function heldScripts(preloads: readonly string[], scripts: readonly string[]): string {
  return [
    ...preloads.map((href) => `<link rel="modulepreload" href="${attribute(href)}">`),
    ...scripts.map((src) => `<script type="module" src="${attribute(src)}"></script>`),
  ].join('');
}
