import type { AssetResolver } from './AssetResolver.js';
import { usePage } from './PageContext.js';

/**
 * The module scripts (and preloads of their shared chunks) of the page: the small enhance script
 * the layout needs, then exactly the islands placed above it. Rendered last in <body>, after every
 * Island has registered itself during the same render pass.
 */
export function IslandScripts({ assets }: { assets: AssetResolver }) {
  const { islands } = usePage();
  const { scripts, preloads, devPreamble } = assets.pageScripts([...islands]);
  return (
    <>
      {devPreamble && <script type="module" dangerouslySetInnerHTML={{ __html: devPreamble }} />}
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}
