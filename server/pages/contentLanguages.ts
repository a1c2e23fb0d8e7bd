import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { LayoutCache } from '../upstream/layoutCache.js';
import type { ContentClient } from '../upstream/contentClient.js';

/**
 * For the language switch: the content service's languages of a market with more than one, on
 * `res.locals.contentLanguages`, cached per market like the layout (they do not depend on preview, so
 * the token is never sent and the cache is safe in editing mode too). On failure the switch is left out.
 */
export function contentLanguages(content: ContentClient, logger: Logger): RequestHandler {
  const cache = new LayoutCache();
  return async (req, res, next) => {
    const { market } = res.locals;
    if (market.languages.length < 2 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const scope = { site: market.contentSite, language: market.languages[0]! };
    try {
      const languages = await cache.get(`${market.contentSite}|languages`, () =>
        content.languages(scope, { requestId: String(req.id) }),
      );
      res.locals.contentLanguages = languages.map(({ code, name }) => ({ code, name }));
    } catch (err) {
      logger.warn({ err, requestId: req.id }, 'language switch left out: the content service gave no languages');
      res.locals.pageIncomplete = true;
    }
    next();
  };
}
