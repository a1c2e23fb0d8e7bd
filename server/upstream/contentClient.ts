import type { Logger } from 'pino';
import type { Language } from '../../markets/schema.js';
import {
  AlertResponseSchema,
  BrandsResponseSchema,
  CONTENT_PREVIEW_HEADER,
  ContentBlockSchema,
  ContentPagePath,
  LanguagesResponseSchema,
  NavigationResponseSchema,
  PageResponseSchema,
  SitemapResponseSchema,
  StoriesResponseSchema,
  type SitemapPage,
  type ContentBlock,
  type ContentPage,
} from '../../contracts/upstream/content.js';
import type { z } from 'zod';
import { prefixContentLinks } from '../markets/languagePath.js';
import { TieredStore } from '../store/tieredStore.js';
import { UpstreamError } from './upstreamError.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

export type NavigationItems = z.infer<typeof NavigationResponseSchema>['items'];
export type Alert = NonNullable<z.infer<typeof AlertResponseSchema>['alert']>;
export type Brands = z.infer<typeof BrandsResponseSchema>['brands'];
export type Languages = z.infer<typeof LanguagesResponseSchema>['languages'];
export type StoriesPage = z.infer<typeof StoriesResponseSchema>;
/** Which stories: one tag or all, from `offset`, `limit` long (the service's default is STORIES_PAGE_SIZE). */
export interface StoriesQuery {
  tag?: string | null;
  offset?: number;
  limit?: number;
}

/** Which content site and language a call is for (contentScope(res) in server/pages/loadLayout.ts builds it from the request). */
export interface ContentScope {
  site: string;
  language: Language;
  /** A content editor's preview token: answers then include unpublished content, so never cache them in a shared cache. */
  preview?: string;
  /**
   * The language's path prefix ('' or '/sv'): internal links in the answers (content links, navigation, stories,
   * breadcrumbs) come back as public paths carrying it once; a page's own path and alternates stay unprefixed.
   */
  linkPrefix?: string;
}

/** The content delivery service (contract in contracts/content.ts): navigation, languages, pages, alert, brands. */
export class ContentClient {
  /** Skipped blocks already logged (page id, block id): a page is fetched on every view, the log line is needed once. */
  private readonly reportedSkips = new TieredStore<typeof REPORTED>({ here: { maxEntries: 1000 } });

  constructor(
    private readonly http: UpstreamHttp,
    private readonly logger: Logger,
  ) {}

  async navigation(scope: ContentScope, ctx: CallContext = {}): Promise<NavigationItems> {
    const answer = await this.http.json(
      {
        method: 'GET',
        path: sitePath(scope, 'navigation'),
        query: { lang: scope.language },
        headers: previewHeaders(scope),
        schema: NavigationResponseSchema,
      },
      ctx,
    );
    return publicLinks(scope, scope.preview ? answer.items : publishedItems(answer.items));
  }

  async languages(scope: ContentScope, ctx: CallContext = {}): Promise<Languages> {
    return (
      await this.http.json(
        {
          method: 'GET',
          path: sitePath(scope, 'languages'),
          headers: previewHeaders(scope),
          schema: LanguagesResponseSchema,
        },
        ctx,
      )
    ).languages;
  }

  async alert(scope: ContentScope, ctx: CallContext = {}): Promise<Alert | null> {
    const answer = await this.http.json(
      {
        method: 'GET',
        path: sitePath(scope, 'alert'),
        query: { lang: scope.language },
        headers: previewHeaders(scope),
        schema: AlertResponseSchema,
      },
      ctx,
    );
    return publicLinks(scope, answer.alert);
  }

  async brands(scope: ContentScope, ctx: CallContext = {}): Promise<Brands> {
    return (await this.http.json({ method: 'GET', path: sitePath(scope, 'brands'), schema: BrandsResponseSchema }, ctx))
      .brands;
  }

  /** Stories newest first, with every tag of the site's stories in this language (for the chips). */
  async stories(scope: ContentScope, query: StoriesQuery, ctx: CallContext = {}): Promise<StoriesPage> {
    const params = { lang: scope.language, tag: query.tag || undefined, offset: query.offset, limit: query.limit };
    return publicLinks(
      scope,
      await this.http.json(
        {
          method: 'GET',
          path: sitePath(scope, 'stories'),
          query: params,
          headers: previewHeaders(scope),
          schema: StoriesResponseSchema,
        },
        ctx,
      ),
    );
  }

  /**
   * The page at `path`, or null when the service knows no such page. Blocks the contract does not
   * describe (a newer service's types, or a malformed one) are skipped with a log line: one odd
   * block must never cost the shopper the page.
   */
  async page(scope: ContentScope, path: string, ctx: CallContext = {}): Promise<ContentPage | null> {
    if (!ContentPagePath.safeParse(path).success) return null; // no page can live there: not worth a 400 from the service
    let answer: z.infer<typeof PageResponseSchema>;
    try {
      answer = await this.http.json(
        {
          method: 'GET',
          path: sitePath(scope, 'page'),
          query: { lang: scope.language, path },
          headers: previewHeaders(scope),
          schema: PageResponseSchema,
        },
        ctx,
      );
    } catch (err) {
      if (err instanceof UpstreamError && err.upstreamStatus === 404) return null;
      throw err;
    }
    // Drafts only in editing mode, even should the service send them without a token.
    if (!scope.preview && !answer.page.published) return null;
    const blocks: ContentBlock[] = [];
    for (const wire of answer.page.blocks) {
      if (!scope.preview && wire.published === false) continue;
      const parsed = ContentBlockSchema.safeParse(wire);
      if (parsed.success) blocks.push(parsed.data);
      else this.reportSkippedBlock(answer.page.id, wire, ctx);
    }
    return publicLinks(scope, { ...answer.page, blocks });
  }

  /** Every published page in the scope's language (drafts never, whatever the preview token), for sitemap.xml. */
  async sitemap(scope: ContentScope, ctx: CallContext = {}): Promise<SitemapPage[]> {
    return (
      await this.http.json(
        {
          method: 'GET',
          path: sitePath(scope, 'sitemap'),
          query: { lang: scope.language },
          schema: SitemapResponseSchema,
        },
        ctx,
      )
    ).pages;
  }

  private reportSkippedBlock(pageId: string, wire: { id: string; type: string }, ctx: CallContext): void {
    const key = `${pageId}|${wire.id}`;
    if (this.reportedSkips.here.get(key)) return;
    this.reportedSkips.here.set(key, REPORTED);
    this.logger.warn(
      { requestId: ctx.requestId, pageId, blockId: wire.id, blockType: wire.type },
      'content block skipped: unknown type or shape',
    );
  }
}

function publishedItems(items: NavigationItems): NavigationItems {
  return items.filter((item) => item.published).map((item) => ({ ...item, children: publishedItems(item.children) }));
}

function previewHeaders(scope: ContentScope): Record<string, string> | undefined {
  return scope.preview ? { [CONTENT_PREVIEW_HEADER]: scope.preview } : undefined;
}

function publicLinks<T>(scope: ContentScope, answer: T): T {
  return prefixContentLinks(answer, scope.linkPrefix ?? '');
}

function sitePath(scope: ContentScope, resource: string): string {
  return `/${encodeURIComponent(scope.site)}/${resource}`;
}

const REPORTED = { reported: true } as const;
