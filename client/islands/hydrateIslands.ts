import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratingIsland } from '../hydration/KeptHtml.js';
import { knowFigures, type WrittenFigures } from '../shared/format/intlFormats.js';

/**
 * Marks the placement hydrated once React has committed it (effects run after the commit), so whoever waits for
 * `data-hydrated` (the browser tests) sees an island that answers, not one still being hydrated.
 * It renders no element and forks nothing, so the markup and useId match the server's render without it.
 */
function MarkHydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates every placement of one island on the page from the HTML, props and figures the server wrote
 * (views/Island.tsx). Each placement is its own root, with its id as identifierPrefix, as on the server.
 * In a transition: React then hydrates in slices of a few milliseconds and answers input between them (a
 * plain hydrateRoot is one task, the car list's about 350 ms on a phone); an event on a part not hydrated
 * yet hydrates it at once and is replayed, so nothing the shopper does is lost.
 */
export function hydrateIslands<P extends object>(name: string, component: ComponentType<P>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${CSS.escape(name)}"]`)) {
    const id = element.dataset.islandId ?? '';
    const propsText = document.getElementById(`${id}-props`)?.textContent ?? '{}';
    const figuresText = document.getElementById(`${id}-figures`)?.textContent;
    if (figuresText) knowFigures(JSON.parse(figuresText) as WrittenFigures);
    // Until the commit, what the island keeps of the server's HTML (client/hydration/KeptHtml.tsx) is kept.
    const hydrating = { current: true };
    const onHydrated = () => {
      hydrating.current = false;
      element.dataset.hydrated = 'true';
    };
    const root = createElement(
      HydratingIsland.Provider,
      { value: hydrating },
      createElement(MarkHydrated, { onHydrated }, createElement(component, JSON.parse(propsText) as P)),
    );
    startTransition(() => {
      hydrateRoot(element, root, { identifierPrefix: id });
    });
  }
}
