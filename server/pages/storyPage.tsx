import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { articleJsonLd } from '../../views/pages/stories/articleJsonLd.js';
import { StoryHeader } from '../../views/pages/stories/StoryHeader.js';
import { siteOrigin } from '../markets/siteOrigin.js';
import type { ContentPageKind } from './contentPageKind.js';

/** A story: its header (title, date, image, lead, tags) above its blocks, published as an Article. */
export const storyPage: ContentPageKind = async ({ page, blockData, req, res }) => {
  const { story } = page;
  if (!story) return { body: <ContentPageView page={page} blockData={blockData} /> };
  return {
    body: <ContentPageView page={page} blockData={blockData} header={<StoryHeader story={story} />} />,
    head: { structuredData: [articleJsonLd(res.locals.market, siteOrigin(res.locals.market, req), page, story)] },
  };
};
