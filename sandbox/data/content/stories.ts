import type { Language, Market } from '../../../markets/schema.js';
import type { Story } from '../../../contracts/upstream/content.js';
import { PHOTO_SIZES, photoUrl } from '../pictures.js';
import { slugify } from '../random.js';
import { CONTENT_TEXTS } from './texts.js';

/** Which of the four tags each story carries; the last story is a draft (preview only). */
const STORY_TAGS = [[0], [3], [2], [1], [2, 0], [0], [3, 1], [0], [1]];
const DRAFT_INDEX = 8;

/** The market's stories in one language, newest first; paths come from the default language so they match across languages. */
export function marketStories(market: Market, language: Language, anchor: Date): Story[] {
  const texts = CONTENT_TEXTS[language];
  const slugTexts = CONTENT_TEXTS[market.languages[0]!];
  return texts.stories.map((story, i) => {
    const date = new Date(anchor.getTime() - (i * 9 + 2) * 86_400_000);
    const id = `${market.id}-story-${i + 1}`;
    return {
      id,
      title: story.title,
      premble: story.premble,
      image: { src: photoUrl({ kind: 'story', key: id }), alt: story.title, ...PHOTO_SIZES.story },
      url: { path: `${market.paths.stories}/${slugify(slugTexts.stories[i]!.title)}` },
      date: {
        value: date.toISOString(),
        formattedDateValue: texts.dateFormat(
          date.getUTCDate(),
          date.getUTCMonth() + 1,
          texts.months[date.getUTCMonth()]!,
          date.getUTCFullYear(),
        ),
      },
      tags: STORY_TAGS[i]!.map((t) => texts.storyTags[t]!),
      displayName: story.title,
      published: i !== DRAFT_INDEX,
    };
  });
}
