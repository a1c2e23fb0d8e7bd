import { fillText } from '../../../markets/translations/plural.js';
import { ResponsiveImage } from '../../media/ResponsiveImage.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';

/** What a story card shows; `image` is already the /media relay path. */
export interface StoryCardData {
  id: string;
  title: string;
  premble: string;
  href: string;
  image: { src: string; width?: number; height?: number };
  /** ISO date-time the story was published. */
  date: string;
  /** The content service's own wording of the date (`date.formattedDateValue`). */
  formattedDate: string;
}

export interface StoriesListProps {
  /** The block's id: card ids (`<blockId>-story-<n>`) are the load-more link's anchors. */
  blockId: string;
  /** The stories of page `fromPage` on (a deep link's server render shows its own page alone). */
  stories: StoryCardData[];
  fromPage: number;
  total: number;
  /** The tag shown (the block's own, or the shopper's chip), for the next pages' requests. */
  tag: string | null;
  language: string;
  pageSize: number;
  /** Stories one /api/stories request gives at most (a deep link's earlier pages are fetched in as few). */
  perRequest: number;
  highlightFirst: boolean;
  /** The layouts of its pictures, from the page (client/shared/media/pictureLayouts.ts): props, so the island's bundle carries no layout table. */
  pictures: { card: PictureLayout; highlight: PictureLayout };
  headingLevel: 2 | 3;
  /** The next page as a plain link the server honours (`?page=N#anchor`); null when every story is shown. */
  loadMoreHref: string | null;
  texts: {
    loadMore: string;
    /** `{shown}` and `{total}` are filled in. */
    showing: string;
    noResults: string;
  };
}

/**
 * Story cards with the load-more link. Rendered on the server; the stories script (entry.ts)
 * appends the next pages from /api/stories without a page load and without React.
 */
export function StoriesList(props: StoriesListProps) {
  const { blockId, stories, total, texts } = props;
  const first = props.fromPage * props.pageSize;
  if (stories.length === 0) return <p className="stories__empty">{texts.noResults}</p>;
  return (
    <div className="stories__body" data-stories-block={blockId}>
      <ul className="stories__list">
        {stories.map((story, i) => (
          <StoryCard key={story.id} story={story} index={first + i} {...props} />
        ))}
      </ul>
      {props.loadMoreHref !== null && (
        <div className="stories__more">
          <p className="stories__status" role="status">
            {fillText(texts.showing, { shown: first + stories.length, total })}
          </p>
          <a className="button stories__load-more" href={props.loadMoreHref}>
            {texts.loadMore}
          </a>
        </div>
      )}
    </div>
  );
}

function StoryCard({
  story,
  index,
  blockId,
  highlightFirst,
  headingLevel,
  pictures,
}: StoriesListProps & { story: StoryCardData; index: number }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const highlighted = highlightFirst && index === 0;
  return (
    <li className={highlighted ? 'story-card story-card--highlight' : 'story-card'} id={`${blockId}-story-${index}`}>
      <a className="story-card__link" href={story.href}>
        <ResponsiveImage
          className="story-card__image"
          src={story.image.src}
          alt=""
          width={story.image.width}
          height={story.image.height}
          layout={highlighted ? pictures.highlight : pictures.card}
        />
        <Heading className="story-card__title">{story.title}</Heading>
      </a>
      <p className="story-card__date">
        <time dateTime={story.date}>{story.formattedDate}</time>
      </p>
      <p className="story-card__premble">{story.premble}</p>
    </li>
  );
}
