import { Router } from 'express';
import { z } from 'zod';
import { LanguageSchema } from '../../markets/schema.js';
import { ApiError } from '../http/apiError.js';
import { languagePrefix } from '../markets/languagePath.js';
import { callContextOf } from '../upstream/callContext.js';
import type { ContentClient } from '../upstream/contentClient.js';
import { STORIES_MAX_LIMIT, STORIES_PAGE_SIZE, StoriesResponseSchema } from '../../contracts/upstream/content.js';
import { addRoute, operation, parseRequest } from './apiOperation.js';

export const StoriesQuerySchema = z.object({
  tag: z.string().trim().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(STORIES_MAX_LIMIT).default(STORIES_PAGE_SIZE),
  /** One of the market's languages; its default language when left out. */
  lang: LanguageSchema.optional(),
});

export const storiesOperations = {
  list: operation({
    tag: 'content',
    method: 'get',
    path: '/stories',
    summary: "The market's stories, newest first",
    description:
      "A page of the market's published stories, newest first, optionally of one tag: what the stories list's 'Visa fler' loads. " +
      "lang picks one of the market's languages (fi: sv); offset and limit page through total.",
    query: StoriesQuerySchema,
    response: {
      schema: StoriesResponseSchema,
      description: 'items, total, offset, limit and every tag (for the chips)',
      example: {
        items: [
          {
            id: 'se-story-1',
            title: 'Nya elbilar på plats i våra hallar',
            premble: 'Nu kan du provköra höstens nyheter hos oss.',
            image: {
              src: '/media/stories/se-story-1.jpg?v=43200b7774',
              alt: 'Nya elbilar på plats i våra hallar',
              width: 1920,
              height: 1080,
            },
            url: { path: '/nyheter/nya-elbilar-pa-plats-i-vara-hallar' },
            date: { value: '2026-10-30T00:00:00.000Z', formattedDateValue: '30 oktober 2026' },
            tags: ['Elbil'],
            displayName: 'Nya elbilar på plats i våra hallar',
            published: true,
          },
        ],
        total: 8,
        offset: 0,
        limit: 1,
        tags: ['Elbil', 'Event', 'Kampanj', 'Service'],
      },
    },
    example: () => ({ query: { limit: '1' } }),
  }),
};

/** `GET /api/stories`: the content service's stories of this market, for the stories block's load-more. */
export function storiesRoutes(content: ContentClient): Router {
  const router = Router();
  const op = storiesOperations.list;
  addRoute(router, op, async (req, res) => {
    const { query } = parseRequest(op, req);
    const { market } = res.locals;
    const language = query.lang ?? res.locals.language;
    if (!market.languages.includes(language)) {
      throw new ApiError(
        400,
        'bad_request',
        `Invalid request: query.lang: this site has ${market.languages.join(', ')}`,
        {
          issues: [{ path: 'query.lang', message: `one of ${market.languages.join(', ')}` }],
        },
      );
    }
    // Story links come back as the public paths of that language (`/sv/...` on the Finnish site).
    const scope = { site: market.contentSite, language, linkPrefix: languagePrefix(market, language) };
    const page = await content.stories(
      scope,
      { tag: query.tag, offset: query.offset, limit: query.limit },
      callContextOf(req, res),
    );
    // Published stories change when an editor publishes: a minute in shared caches is fresh enough.
    res.set('Cache-Control', 'public, max-age=60').json(page);
  });
  return router;
}
