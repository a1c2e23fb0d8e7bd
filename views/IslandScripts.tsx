import type { AssetResolver } from './AssetResolver.js';
import { usePage } from './PageContext.js';

/**
 * The module scripts (and preloads of their shared chunks) of the page: the small enhance script
 * the layout needs, then exactly the islands placed above it. Rendered last in <body>, after every
 * Island has registered itself during the same render pass.
 *
 * Fetched at low priority: the server's HTML is the first screen, and on a slow line the LCP picture
 * (fetchpriority high) and the first paint should not share the bandwidth with hydration's 100 KB of
 * script. At Chromium's default (High) every chunk counted as render-blocking in Lighthouse's simulated
 * first paint, since each had arrived before the page painted on a fast line.
 */
export function IslandScripts({ assets }: { assets: AssetResolver }) {
  const { islands } = usePage();
  const { scripts, preloads, devPreamble } = assets.pageScripts([...islands]);
  return (
    <>
      {devPreamble && <script type="module" dangerouslySetInnerHTML={{ __html: devPreamble }} />}
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} fetchPriority="low" />
      ))}
    </>
  );
}
