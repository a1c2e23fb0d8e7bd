import type { Language, Market } from '../../../markets/schema.js';
import type { ContentPage, Story } from '../../../contracts/upstream/content.js';
import * as block from './blocks.js';
import type { SiteTree } from './siteTree.js';
import type { NavKey } from './contentTexts.js';
import { CONTENT_TEXTS } from './texts.js';

/** What every page generator gets: the market, the language and the market's tree, stories and featured cars. */
export interface PageInput {
  market: Market;
  language: Language;
  tree: SiteTree;
  stories: Story[];
  featuredCarIds: string[];
  anchor: Date;
}

/** Everything of a page but its blocks: names, breadcrumbs from the tree keys, one alternate per language. */
export function pageShell(
  input: PageInput,
  id: string,
  path: string,
  name: string,
  pageType: ContentPage['pageType'],
  ancestors: NavKey[],
): Omit<ContentPage, 'blocks'> {
  const texts = CONTENT_TEXTS[input.language];
  return {
    id,
    pageType,
    path,
    language: input.language,
    name,
    title: `${name} | ${input.market.siteName}`,
    metaDescription: path === '/' ? texts.home.description : texts.pageLead.replace('{label}', name),
    image: block.image(`${input.market.id}-${name}`, name),
    alternates: input.market.languages.map((language) => ({ language, path })),
    breadcrumbs: [
      { name: texts.home.title, path: '/' },
      ...ancestors.map((key) => ({ name: texts.nav[key].label, path: input.tree.pathByKey.get(key) ?? '/' })),
      ...(path === '/' ? [] : [{ name, path }]),
    ].filter((crumb, i, all) => all.findIndex((c) => c.path === crumb.path) === i),
    published: true,
    updatedAt: input.anchor.toISOString(),
    story: null,
  };
}

/**
 * Makes a market's pages that are not navigation pages (or replaces one), in one language; `built`
 * holds the pages made so far (the tree's, the stories' and earlier providers'), for a provider that
 * reworks one of them.
 */
export type PageProvider = (input: PageInput, built: ReadonlyMap<string, ContentPage>) => ContentPage[];
