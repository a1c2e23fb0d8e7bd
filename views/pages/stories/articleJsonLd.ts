import type { Market } from '../../../markets/schema.js';
import type { ContentPage, Story } from '../../../contracts/upstream/content.js';
import { absoluteUrl, sharedPictureUrl } from '../../seo/siteOrigin.js';

/** schema.org Article of a story page (search engines show headline, image and date); URLs on `origin`. */
export function articleJsonLd(market: Market, origin: string, page: ContentPage, story: Story): object {
  const publisher = { '@type': 'Organization', name: market.siteName, url: `${origin}/` };
  return {
    '@type': 'Article',
    headline: story.title,
    description: story.premble,
    image: [sharedPictureUrl(origin, story.image.src)],
    datePublished: story.date.value,
    dateModified: page.updatedAt,
    inLanguage: page.language,
    keywords: story.tags.length > 0 ? story.tags.join(', ') : undefined,
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(origin, story.url.path) },
    author: publisher,
    publisher,
  };
}
