import { mediaUrl } from '../../client/shared/media/mediaUrl.js';
import { COVER_CARDS, STORY_HIGHLIGHT } from '../../client/shared/media/pictureLayouts.js';
import { StoriesList, type StoriesListProps, type StoryCardData } from '../../client/islands/stories/StoriesList.js';
import { loadMoreHref, storiesTagQuery } from '../../client/shared/stories/storyLinks.js';
import { STORIES_MAX_LIMIT, STORIES_PAGE_SIZE, type Story } from '../../contracts/upstream/content.js';
import { useEditable } from '../editable.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';

/** What the stories loader (server/pages/storiesData.ts) gives the block. */
/** A card names the story by its display name (the title when the service gives none) and dates it in the service's words. */
export const toStoryCard = (story: Story): StoryCardData => ({
  id: story.id,
  title: story.displayName || story.title,
  premble: story.premble,
  href: story.url.path,
  image: { src: mediaUrl(story.image.src), width: story.image.width, height: story.image.height },
  date: story.date.value,
  formattedDate: story.date.formattedDateValue,
});

/**
 * Stories: a teaser (the newest 3, no load-more) or a list with tag chips, the first story larger
 * when the editor asks, and load-more (4 a page). Chips and load-more are links with query
 * parameters the server honours; the stories script makes load-more append in place and the chips keep the
 * address's other parameters (campaign tags), which a cached page's links cannot know.
 */
export function StoriesBlock({ block, data, first }: BlockProps<'stories'>) {
  const { t, market, language, path, searchParams } = usePage();
  const editable = useEditable();
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  // A deep link shows its own page alone: the stories before it count as shown.
  const shown = data.fromPage * STORIES_PAGE_SIZE + data.stories.length;
  const more = !block.teaser && shown < data.total;
  const props: StoriesListProps = {
    blockId: block.id,
    stories: data.stories.map(toStoryCard),
    fromPage: data.fromPage,
    total: data.total,
    tag: data.tag,
    language,
    pageSize: STORIES_PAGE_SIZE,
    perRequest: STORIES_MAX_LIMIT,
    highlightFirst: block.highlightFirst && !block.teaser,
    pictures: { card: COVER_CARDS, highlight: STORY_HIGHLIGHT },
    headingLevel: block.title || first ? 3 : 2,
    loadMoreHref: more
      ? loadMoreHref({ pathname: path, search: searchParams.toString() }, data.pages, block.id, shown)
      : null,
    texts: {
      loadMore: t('pages.storiesLoadMore'),
      showing: t('pages.storiesShowing'),
      noResults: t('pages.storiesNoResults'),
    },
  };
  const chipHref = (tag: string | null) => `${path}${storiesTagQuery(searchParams.toString(), tag)}`;
  const chips = !block.teaser && block.tag === null && data.tags.length > 0;
  return (
    <section
      className={block.teaser ? 'stories stories--teaser' : 'stories'}
      aria-labelledby={block.title || first ? headingId : undefined}
    >
      {(block.title || first) && (
        <Heading id={headingId} className="stories__title" {...editable('title')}>
          {block.title ?? t('pages.storiesHeading')}
        </Heading>
      )}
      {chips && (
        <nav className="stories__tags" aria-label={t('pages.storiesTagsLabel')}>
          <ul className="tag-chips">
            {[null, ...data.tags].map((tag) => (
              <li key={tag ?? ''}>
                <a className="tag-chip" href={chipHref(tag)} aria-current={tag === data.tag ? 'true' : undefined}>
                  {tag ?? t('pages.storiesAllTags')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* The stories script: load-more in place, a deep link's earlier pages, the chips' campaign tags. */}
      {more || data.fromPage > 0 || chips ? (
        <Island name="stories" component={StoriesList} props={props} />
      ) : (
        <StoriesList {...props} />
      )}
      {block.teaser && shown > 0 && (
        <p className="stories__all">
          <a className="button" href={market.paths.stories}>
            {t('pages.storiesAll')}
          </a>
        </p>
      )}
    </section>
  );
}
