import { renderToStaticMarkup } from 'react-dom/server';
import { StoriesList, type StoriesListProps } from '../../client/islands/stories/StoriesList.js';
import type { Story } from '../../contracts/upstream/content.js';
import { toStoryCard } from '../../views/blocks/StoriesBlock.js';
import { CARDS, STORY_HIGHLIGHT } from '../../client/shared/media/pictureLayouts.js';

const story: Story = {
  id: 'uk-story-1',
  title: 'Our new showroom in Leeds opens its doors to every visitor this weekend',
  premble: 'Come and see us.',
  image: { src: '/media/stories/uk-story-1.svg', alt: '', width: 1200, height: 675 },
  url: { path: '/news-and-events/new-showroom' },
  date: { value: '2026-03-05T09:00:00.000Z', formattedDateValue: '5th March 2026' },
  tags: ['News'],
  displayName: 'New showroom in Leeds',
  published: true,
};
const props = (stories: StoriesListProps['stories']): StoriesListProps => ({
  blockId: 'b1',
  stories,
  fromPage: 0,
  total: stories.length,
  tag: null,
  language: 'en',
  pageSize: 4,
  perRequest: 24,
  highlightFirst: false,
  headingLevel: 2,
  pictures: { card: CARDS, highlight: STORY_HIGHLIGHT },
  loadMoreHref: null,
  texts: { loadMore: 'More', showing: '{shown} of {total}', noResults: 'None' },
});

describe('story cards', () => {
  it('name the story by its displayName and date it with the service’s formattedDateValue', () => {
    const html = renderToStaticMarkup(<StoriesList {...props([toStoryCard(story)])} />);
    expect(html).toContain('<h2 class="story-card__title">New showroom in Leeds</h2>');
    expect(html).toContain('<time dateTime="2026-03-05T09:00:00.000Z">5th March 2026</time>');
  });

  it('fall back to the title when the service gives no displayName', () => {
    expect(toStoryCard({ ...story, displayName: '' }).title).toBe(story.title);
  });
});
