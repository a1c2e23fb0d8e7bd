import type { AssetResolver } from './AssetResolver.js';
import { usePage } from './PageContext.js';

/**
 * The module scripts (and preloads of their shared chunks) for exactly the islands placed above it.
 * Rendered last in <body>, after every Island has registered itself during the same render pass.
 */
export function IslandScripts({ assets }: { assets: AssetResolver }) {
  const { islands, nonce } = usePage();
  if (islands.size === 0) return null;
  const { scripts, preloads, devPreamble } = assets.islandAssets([...islands]);
  return (
    <>
      {devPreamble && <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: devPreamble }} />}
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} nonce={nonce} />
      ))}
    </>
  );
}
