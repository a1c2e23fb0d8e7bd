import { useContext, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PictureTemplateContext, preloadPicture, PreloadCollector } from '../client/media/ResponsiveImage.js';
import type { Picture } from '../client/shared/media/pictureUrl.js';
import type { PageContextValue } from './PageContext.js';

const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^<>]*\/>)+/;

/**
 * HTML of a part of the page rendered on its own (a block, for its error boundary; an island, as the
 * browser hydrates it): it gets the page's picture template, and its LCP picture's preload goes to the
 * page's head (React would write it inside the part). Call while the page renders, with `usePreloadHandOn()`.
 */
export function renderApart(
  element: ReactElement,
  page: PageContextValue,
  handOn: ((picture: Picture) => void) | null,
  options?: { identifierPrefix: string },
): string {
  const preloads: Picture[] = [];
  const html = renderToString(
    <PictureTemplateContext.Provider value={page.pictureTemplate}>
      <PreloadCollector.Provider value={(picture) => preloads.push(picture)}>{element}</PreloadCollector.Provider>
    </PictureTemplateContext.Provider>,
    options,
  );
  // A part inside a part (an island in a block) hands its preloads on to the outer one.
  for (const picture of preloads) (handOn ?? preloadPicture)(picture);
  // React wrote the images' preloads at the part's start, in the body: the head has them now.
  return html.replace(LEADING_IMAGE_PRELOADS, '');
}

/** Where a part rendered apart sends its preloads: the enclosing part's collector, or null on the page itself. */
export function usePreloadHandOn(): ((picture: Picture) => void) | null {
  return useContext(PreloadCollector);
}
