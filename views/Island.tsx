import type { ComponentType } from 'react';
import { createElement } from 'react';
import { recordFigures } from '../client/shared/format/intlFormats.js';
import { usePage } from './PageContext.js';
import { renderApart, usePreloadHandOn } from './renderApart.js';

/**
 * Puts an island on a page: renders its first HTML on the server, serialises its props (and the figures it
 * formatted) next to it and registers it so the page ships that island's script (and nothing for pages without islands).
 * The browser side is client/islands/hydrateIslands.ts, called from the island's entry.ts.
 *
 * The island is rendered as its own root (with its id as identifierPrefix) because the browser
 * hydrates it as its own root: useId and markup then match exactly.
 */
export function Island<P extends object>({
  name,
  component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  const page = usePage();
  const handOn = usePreloadHandOn();
  const id = page.nextIslandId();
  page.islands.add(name);
  // The figures it formats go with it, so hydrating it builds no Intl formatter (client/shared/format/intlFormats.ts).
  const { result: html, figures } = recordFigures(() =>
    renderApart(createElement(component, props), page, handOn, { identifierPrefix: id }),
  );
  return (
    <>
      <div data-island={name} data-island-id={id} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" id={`${id}-props`} dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
      {figures && (
        <script
          type="application/json"
          id={`${id}-figures`}
          dangerouslySetInnerHTML={{ __html: serializeProps(figures) }}
        />
      )}
    </>
  );
}

/** JSON that cannot close its <script> element or open a comment, whatever the strings in it hold. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {})
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
