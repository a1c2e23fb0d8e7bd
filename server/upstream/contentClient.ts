import type { Logger } from 'pino';
import type { Language } from '../../markets/schema.js';
import {
  AlertResponseSchema, BrandsResponseSchema, ContentBlockSchema, LanguagesResponseSchema, NavigationResponseSchema, PageResponseSchema,
  type ContentBlock, type ContentPage,
} from './contracts/content.js';
import type { z } from 'zod';
import { UpstreamError } from './upstreamError.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

export type NavigationItems = z.infer<typeof NavigationResponseSchema>['items'];
export type Alert = NonNullable<z.infer<typeof AlertResponseSchema>['alert']>;
export type Brands = z.infer<typeof BrandsResponseSchema>['brands'];
export type Languages = z.infer<typeof LanguagesResponseSchema>['languages'];

/** Which content site and language a call is for. */
export interface ContentScope {
  site: string;
  language: Language;
}

/** The content delivery service (contract in contracts/content.ts): navigation, languages, pages, alert, brands. */
export class ContentClient {
  constructor(
    private readonly http: UpstreamHttp,
    private readonly logger: Logger,
  ) {}

  async navigation(scope: ContentScope, ctx: CallContext = {}): Promise<NavigationItems> {
    const answer = await this.http.json({ method: 'GET', path: sitePath(scope, 'navigation'), query: { lang: scope.language }, schema: NavigationResponseSchema }, ctx);
    return answer.items;
  }

  async languages(scope: ContentScope, ctx: CallContext = {}): Promise<Languages> {
    return (await this.http.json({ method: 'GET', path: sitePath(scope, 'languages'), schema: LanguagesResponseSchema }, ctx)).languages;
  }

  async alert(scope: ContentScope, ctx: CallContext = {}): Promise<Alert | null> {
    return (await this.http.json({ method: 'GET', path: sitePath(scope, 'alert'), query: { lang: scope.language }, schema: AlertResponseSchema }, ctx)).alert;
  }

  async brands(scope: ContentScope, ctx: CallContext = {}): Promise<Brands> {
    return (await this.http.json({ method: 'GET', path: sitePath(scope, 'brands'), schema: BrandsResponseSchema }, ctx)).brands;
  }

  /**
   * The page at `path`, or null when the service knows no such page. Blocks the contract does not
   * describe (a newer service's types, or a malformed one) are skipped with a log line: one odd
   * block must never cost the shopper the page.
   */
  async page(scope: ContentScope, path: string, ctx: CallContext = {}): Promise<ContentPage | null> {
    let answer: z.infer<typeof PageResponseSchema>;
    try {
      answer = await this.http.json({ method: 'GET', path: sitePath(scope, 'page'), query: { lang: scope.language, path }, schema: PageResponseSchema }, ctx);
    } catch (err) {
      if (err instanceof UpstreamError && err.upstreamStatus === 404) return null;
      throw err;
    }
    const blocks: ContentBlock[] = [];
    for (const wire of answer.page.blocks) {
      const parsed = ContentBlockSchema.safeParse(wire);
      if (parsed.success) blocks.push(parsed.data);
      else this.logger.warn({ requestId: ctx.requestId, pageId: answer.page.id, blockId: wire.id, blockType: wire.type }, 'content block skipped: unknown type or shape');
    }
    return { ...answer.page, blocks };
  }
}

function sitePath(scope: ContentScope, resource: string): string {
  return `/${encodeURIComponent(scope.site)}/${resource}`;
}
