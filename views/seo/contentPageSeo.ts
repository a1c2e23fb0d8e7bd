import type { ContentPage } from '../../contracts/upstream/content.js';
import type { PageHead } from '../pageHead.js';

/** What a content service page gives the head beyond title and description: share image, type, languages, trail. */
export function contentPageSeo(page: ContentPage): Pick<PageHead, 'image' | 'ogType' | 'alternates' | 'breadcrumbs'> {
  return {
    image: page.image ?? undefined,
    ogType: page.pageType === 'story' ? 'article' : 'website',
    alternates: page.alternates,
    breadcrumbs: page.breadcrumbs,
  };
}
