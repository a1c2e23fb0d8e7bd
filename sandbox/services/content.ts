import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Language } from '../../markets/schema.js';
import {
  CONTENT_PREVIEW_HEADER,
  CONTENT_PREVIEW_QUERY,
  CONTENT_SANDBOX_PREVIEW_TOKEN,
  ContentPagePath,
  STORIES_MAX_LIMIT,
  STORIES_PAGE_SIZE,
  type ContentPage,
} from '../../contracts/upstream/content.js';
import type { SandboxContext } from '../context.js';
import { sandboxDataset } from '../data/dataset.js';
import type { LanguageContent, SiteContent } from '../data/content/site-content.js';
import { absolutiseMedia } from './search.js';
import { withoutTrailingSlashes } from '../../contracts/pagePath.js';

const StoriesQuery = z.object({
  tag: z.string().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(STORIES_MAX_LIMIT).default(STORIES_PAGE_SIZE),
});
const PageQuery = z.object({ path: ContentPagePath });

function send(req: Request, res: Response, body: unknown): void {
  res.type('application/json').send(absolutiseMedia(JSON.stringify(body), req));
}

/** undefined = no token; true = the right token; a wrong token is answered 401 before this is used. */
function previewToken(req: Request): string | undefined {
  const query = req.query[CONTENT_PREVIEW_QUERY];
  return req.header(CONTENT_PREVIEW_HEADER) ?? (typeof query === 'string' ? query : undefined);
}

/** Drops unpublished blocks unless previewing. */
function visiblePage(page: ContentPage, preview: boolean): ContentPage {
  return preview ? page : { ...page, blocks: page.blocks.filter((b) => b.published) };
}

/** The content delivery service as a small JSON API (contracts/upstream/content.ts). */
export function contentService(ctx: SandboxContext): Router {
  const router = express.Router();
  const siteOf = (key: string): SiteContent | undefined => sandboxDataset(ctx.seed, ctx.now()).content.get(key);

  // Resolve site, language and preview once for every route.
  router.use('/:site', (req, res, next) => {
    const site = siteOf(String(req.params.site));
    if (!site) return void res.status(404).json({ message: `unknown content site ${req.params.site}` });
    const token = previewToken(req);
    if (token !== undefined && token !== CONTENT_SANDBOX_PREVIEW_TOKEN)
      return void res.status(401).json({ message: 'invalid preview token' });
    const requested =
      typeof req.query.lang === 'string' && req.query.lang !== '' ? req.query.lang : site.languages[0]!.code;
    const content = site.byLanguage.get(requested as Language);
    if (!content)
      return void res.status(400).json({
        message: `site ${site.market.contentSite} has no language ${requested}; use one of ${site.languages.map((l) => l.code).join(', ')}`,
      });
    res.locals.site = site;
    res.locals.content = content;
    res.locals.preview = token !== undefined;
    next();
  });
  const local = (res: Response) => ({
    site: res.locals.site as SiteContent,
    content: res.locals.content as LanguageContent,
    preview: res.locals.preview as boolean,
  });

  router.get('/:site/languages', (req, res) => send(req, res, { languages: local(res).site.languages }));
  router.get('/:site/brands', (req, res) => send(req, res, { brands: local(res).site.brands }));
  router.get('/:site/alert', (req, res) => send(req, res, { alert: local(res).content.alert }));

  router.get('/:site/navigation', (req, res) => {
    const { content, preview } = local(res);
    send(req, res, { items: preview ? content.navigation.preview : content.navigation.published });
  });

  router.get('/:site/stories', (req, res) => {
    const query = StoriesQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ message: z.prettifyError(query.error) });
    const { content, preview } = local(res);
    const visible = content.stories.filter((s) => preview || s.published);
    const tagged = query.data.tag ? visible.filter((s) => s.tags.includes(query.data.tag!)) : visible;
    send(req, res, {
      items: tagged.slice(query.data.offset, query.data.offset + query.data.limit),
      total: tagged.length,
      offset: query.data.offset,
      limit: query.data.limit,
      tags: [...new Set(visible.flatMap((s) => s.tags))].sort(),
    });
  });

  router.get('/:site/page', (req, res) => {
    const query = PageQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ message: z.prettifyError(query.error) });
    const { content, preview } = local(res);
    const path = withoutTrailingSlashes(query.data.path) || '/';
    const page = content.pages.get(path);
    if (!page || (!page.published && !preview)) return void res.status(404).json({ message: `no page at ${path}` });
    send(req, res, { page: visiblePage(page, preview) });
  });

  // Published pages only, whatever the preview token: a sitemap is for search engines.
  router.get('/:site/sitemap', (req, res) => {
    const pages = [...local(res).content.pages.values()].filter(
      (page) => page.published && page.pageType !== 'notFound',
    );
    send(req, res, {
      pages: pages.map(({ path, pageType, updatedAt, alternates }) => ({ path, pageType, updatedAt, alternates })),
    });
  });

  return router;
}
