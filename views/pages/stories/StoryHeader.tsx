import { ResponsiveImage } from '../../../client/media/ResponsiveImage.js';
import type { Story } from '../../../contracts/upstream/content.js';
import { useEditable } from '../../editable.js';
import { usePage } from '../../PageContext.js';
import { STORY_HEADER } from '../../../client/shared/media/pictureLayouts.js';

/** The stories list filtered to one tag: the same link a chip there is. */
export function storyTagHref(storiesPath: string, tag: string): string {
  return `${storiesPath}?${new URLSearchParams({ tag }).toString()}`;
}

/** A story's head: title (the page's h1), date, image, lead text and its tags (each a link to the list of that tag). */
export function StoryHeader({ story }: { story: Story }) {
  const { t, market } = usePage();
  const editable = useEditable();
  return (
    <header className="story-header">
      <h1 className="story-header__title" {...editable('title')}>
        {story.title}
      </h1>
      <p className="story-header__date">
        <time dateTime={story.date.value}>{story.date.formattedDateValue}</time>
      </p>
      <ResponsiveImage
        className="story-header__image"
        src={story.image.src}
        alt={story.image.alt}
        width={story.image.width}
        height={story.image.height}
        layout={STORY_HEADER}
        priority
        {...editable('image')}
      />
      <p className="story-header__premble" {...editable('premble')}>
        {story.premble}
      </p>
      {story.tags.length > 0 && (
        <nav className="story-header__tags" aria-label={t('pages.storyTagsLabel')}>
          <ul className="tag-chips">
            {story.tags.map((tag) => (
              <li key={tag}>
                <a className="tag-chip" href={storyTagHref(market.paths.stories, tag)}>
                  {tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
