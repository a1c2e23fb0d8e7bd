import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates every placement of one island on the page from the HTML and props the server wrote
 * (views/Island.tsx). Each placement is its own root, with its id as identifierPrefix, as on the server.
 */
export function hydrateIslands<P extends object>(name: string, component: ComponentType<P>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${CSS.escape(name)}"]`)) {
    const id = element.dataset.islandId ?? '';
    const propsText = document.getElementById(`${id}-props`)?.textContent ?? '{}';
    hydrateRoot(element, createElement(component, JSON.parse(propsText) as P), { identifierPrefix: id });
    element.dataset.hydrated = 'true';
  }
}
