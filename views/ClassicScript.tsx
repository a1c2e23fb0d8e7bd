import type { ClassicScriptSource } from './AssetResolver.js';

/** A classic script as the assets give it: its built code inline (allowed by its CSP hash), or by URL in development. */
export function ClassicScript({ script }: { script: ClassicScriptSource }) {
  return 'inline' in script ? (
    <script dangerouslySetInnerHTML={{ __html: script.inline }} />
  ) : (
    <script src={script.src} />
  );
}
