import type { ContentBlock, ContentPage, Story } from '../../../contracts/upstream/content.js';
import * as block from './blocks.js';
import type { BlockContext } from './blocks.js';
import type { PageEntry } from './siteTree.js';
import { PAGE_PROVIDERS } from './pageRegistry.js';
import { pageShell, type PageInput } from './pageShell.js';
import type { NavKey } from './contentTexts.js';
import { CONTENT_TEXTS } from './texts.js';
import { tireHotelPageBlocks } from './tireHotelPage.js';

/** Block line-ups of content pages, rotated so the content pages together show every common block type. */
const CONTENT_LINEUPS: ((ctx: BlockContext, key: NavKey) => ContentBlock[])[] = [
  (ctx, key) => [
    block.blurb(ctx, 'intro', ctx.texts.blurb.title, ctx.texts.blurb.text, 'left', key),
    block.highlightList(ctx, 3),
    block.accordion(ctx),
    block.share(ctx),
  ],
  (ctx) => [
    block.cards(ctx, ['finance', 'bookService', 'tires']),
    block.spacer(ctx, 'space', 'medium'),
    block.fileDownloads(ctx),
    block.share(ctx),
  ],
  (ctx) => [block.stageRow(ctx), block.countdown(ctx), block.carTeaserQuery(ctx, 'latest'), block.accordion(ctx)],
  (ctx) => [block.videoEmbed(ctx), block.siteSelection(ctx), block.highlightList(ctx, 4), block.carTeaserIds(ctx)],
];

function contentPage(input: PageInput, entry: PageEntry, index: number): ContentPage {
  const texts = CONTENT_TEXTS[input.language];
  const name = texts.nav[entry.key].label;
  const ctx: BlockContext = { ...input, texts, pageId: `${input.market.id}-${entry.key}-${input.language}` };
  const shell = {
    ...pageShell(input, `${input.market.id}-${entry.key}`, entry.path, name, entry.pageType, entry.ancestors),
    published: entry.published,
  };
  const intro = texts.pageLead.replace('{label}', name);
  switch (entry.pageType) {
    case 'storyList':
      return { ...shell, blocks: [block.hero(ctx, name, intro, 'default', false), block.stories(ctx, false)] };
    case 'siteList':
      return { ...shell, blocks: [block.hero(ctx, name, intro, 'default', false)] };
    case 'carList':
      return { ...shell, blocks: [] };
    case 'kits':
      return { ...shell, blocks: [block.hero(ctx, name, intro, 'default', false)] };
    default: {
      const tireHotel = tireHotelPageBlocks(ctx, entry);
      if (tireHotel) return { ...shell, blocks: tireHotel };
      const height = index % 3 === 0 ? 'medium' : index % 3 === 1 ? 'default' : 'full';
      return {
        ...shell,
        blocks: [
          block.hero(ctx, name, intro, height, false),
          ...CONTENT_LINEUPS[index % CONTENT_LINEUPS.length]!(ctx, entry.key),
        ],
      };
    }
  }
}

/** The start page shows every block type once, plus one draft block. */
function homePage(input: PageInput): ContentPage {
  const texts = CONTENT_TEXTS[input.language];
  const ctx: BlockContext = { ...input, texts, pageId: `${input.market.id}-home-${input.language}` };
  return {
    ...pageShell(input, `${input.market.id}-home`, '/', texts.home.title, 'home', []),
    title: input.market.siteName,
    blocks: [
      block.hero(ctx, texts.home.heroTitle, texts.home.heroText, 'default', true),
      block.highlightList(ctx, 4),
      block.carTeaserQuery(ctx, 'latest'),
      block.carousel(ctx),
      block.stageRow(ctx),
      block.carTeaserIds(ctx),
      block.blurb(ctx, 'blurb', texts.blurb.title, texts.blurb.text, 'right', 'service'),
      block.blurb(ctx, 'draft', texts.draft.title, texts.draft.text, 'left', 'campaigns', false),
      block.cards(ctx, ['finance', 'bookService', 'tireHotel']),
      block.stories(ctx, true),
      block.carTeaserQuery(ctx, 'electric'),
      block.siteSelection(ctx),
      block.countdown(ctx),
      block.accordion(ctx),
      block.videoEmbed(ctx),
      block.fileDownloads(ctx),
      block.megaMenu(ctx),
      block.spacer(ctx, 'spacer', 'large'),
      block.share(ctx),
    ],
  };
}

function storyPage(input: PageInput, story: Story, index: number): ContentPage {
  const texts = CONTENT_TEXTS[input.language];
  const ctx: BlockContext = { ...input, texts, pageId: `${story.id}-${input.language}` };
  return {
    ...pageShell(input, story.id, story.url.path, story.title, 'story', ['stories']),
    metaDescription: story.premble,
    image: story.image,
    published: story.published,
    updatedAt: story.date.value,
    story,
    blocks: [
      block.blurb(ctx, 'body-1', story.premble, texts.storyBody[0]!, 'left', 'stories'),
      ...(index % 2 === 0 ? [block.videoEmbed(ctx)] : []),
      block.blurb(ctx, 'body-2', story.title, texts.storyBody[1]!, 'right', 'sites'),
      block.carTeaserQuery(ctx, index % 2 === 0 ? 'electric' : 'latest'),
      block.share(ctx),
    ],
  };
}

/** Every page of one market in one language, by path (drafts included; the service filters them). */
export function marketPages(input: PageInput): Map<string, ContentPage> {
  const pages = new Map<string, ContentPage>([['/', homePage(input)]]);
  [...input.tree.pages.values()].forEach((entry, i) => pages.set(entry.path, contentPage(input, entry, i)));
  input.stories.forEach((story, i) => pages.set(story.url.path, storyPage(input, story, i)));
  // Pages outside the navigation tree (pageRegistry.ts); one on a tree path replaces the tree's page.
  for (const provide of PAGE_PROVIDERS) for (const page of provide(input, pages)) pages.set(page.path, page);
  return pages;
}
