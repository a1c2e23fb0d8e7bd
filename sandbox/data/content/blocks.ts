import type { Market } from '../../../markets/schema.js';
import type { ContentBlock, ContentImage, ContentLink } from '../../../contracts/upstream/content.js';
import { marketProfile } from '../market-profiles.js';
import { PHOTO_SIZES, photoUrl } from '../pictures.js';
import { slugify } from '../random.js';
import { VOCABULARIES } from '../vocabulary.js';
import type { SiteTree } from './siteTree.js';
import type { ContentTexts, NavKey } from './contentTexts.js';

/** What every block builder needs to know about the page it is on. */
export interface BlockContext {
  market: Market;
  texts: ContentTexts;
  tree: SiteTree;
  /** Id prefix, unique per page and language. */
  pageId: string;
  /** Cars for the fixed-id teaser (campaign cars of this market). */
  featuredCarIds: string[];
  anchor: Date;
}

type Block<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>;

/** A content picture (hero, slide, blurb, card, promo, video thumbnail), named by its key, at its real pixel size. */
export const image = (key: string, alt: string): ContentImage => ({
  src: photoUrl({ kind: 'content', key: slugify(key) }),
  alt,
  ...PHOTO_SIZES.content,
});
const link = (text: string, url: string): ContentLink => ({ text, url, external: /^https?:/.test(url) });
const navLink = (ctx: BlockContext, key: NavKey): ContentLink =>
  link(ctx.texts.nav[key].label, ctx.tree.pathByKey.get(key) ?? '/');
const common = (ctx: BlockContext, n: string) => ({ id: `${ctx.pageId}-${n}`, published: true });

export function hero(
  ctx: BlockContext,
  title: string,
  text: string | null,
  height: Block<'hero'>['height'],
  showSearch: boolean,
): Block<'hero'> {
  return {
    ...common(ctx, 'hero'),
    type: 'hero',
    title,
    text,
    image: image(`${ctx.market.id}-${title}`, title),
    height,
    showSearch,
    searchPlaceholder: showSearch ? ctx.texts.home.searchPlaceholder : null,
    link: showSearch ? null : navLink(ctx, 'carSearch'),
  };
}

export const carousel = (ctx: BlockContext): Block<'carousel'> => ({
  ...common(ctx, 'carousel'),
  type: 'carousel',
  autoplaySeconds: 5,
  slides: ctx.texts.carousel.map((s, i) => ({
    ...s,
    image: image(`${ctx.market.id}-slide-${i}`, s.title),
    link: navLink(ctx, (['carSearch', 'tires', 'privateLeasing'] as const)[i] ?? 'buyCar'),
  })),
});

export const blurb = (
  ctx: BlockContext,
  n: string,
  title: string,
  text: string,
  position: 'left' | 'right',
  key: NavKey,
  published = true,
): Block<'blurb'> => ({
  ...common(ctx, n),
  published,
  type: 'blurb',
  title,
  text,
  image: image(`${ctx.market.id}-blurb-${key}`, title),
  imagePosition: position,
  link: navLink(ctx, key),
});

export const cards = (ctx: BlockContext, keys: NavKey[]): Block<'cards'> => ({
  ...common(ctx, 'cards'),
  type: 'cards',
  title: null,
  cards: keys.map((key) => ({
    title: ctx.texts.nav[key].label,
    text: ctx.texts.pageLead.replace('{label}', ctx.texts.nav[key].label),
    image: image(`${ctx.market.id}-card-${key}`, ctx.texts.nav[key].label),
    link: navLink(ctx, key),
  })),
});

export const accordion = (ctx: BlockContext): Block<'accordion'> => ({
  ...common(ctx, 'faq'),
  type: 'accordion',
  title: ctx.texts.faqTitle,
  faq: true,
  items: ctx.texts.faq,
});

export const countdown = (ctx: BlockContext): Block<'countdown'> => ({
  ...common(ctx, 'countdown'),
  type: 'countdown',
  title: ctx.texts.countdown.title,
  text: ctx.texts.countdown.text,
  targetDate: new Date(ctx.anchor.getTime() + 45 * 86_400_000).toISOString(),
  link: navLink(ctx, 'campaigns'),
});

export const fileDownloads = (ctx: BlockContext): Block<'fileDownloads'> => ({
  ...common(ctx, 'files'),
  type: 'fileDownloads',
  title: ctx.texts.filesTitle,
  files: ctx.texts.files.map((name, i) => ({
    name,
    url: `/media/files/${slugify(name)}.pdf`,
    fileType: 'pdf',
    sizeBytes: 120_000 + i * 48_000,
  })),
});

export const share = (ctx: BlockContext): Block<'share'> => ({
  ...common(ctx, 'share'),
  type: 'share',
  title: ctx.texts.shareTitle,
  targets: ['linkedin', 'facebook', 'whatsapp', 'x', 'copy', 'native'],
});

export const videoEmbed = (ctx: BlockContext): Block<'videoEmbed'> => ({
  ...common(ctx, 'video'),
  type: 'videoEmbed',
  title: ctx.texts.videoTitle,
  provider: 'youtube',
  videoId: 'aqz-KE-bpKQ',
  thumbnail: image(`${ctx.market.id}-video`, ctx.texts.videoTitle),
});

export const spacer = (ctx: BlockContext, n: string, size: 'small' | 'medium' | 'large'): Block<'spacer'> => ({
  ...common(ctx, n),
  type: 'spacer',
  size,
});

export const highlightList = (ctx: BlockContext, columns: 3 | 4): Block<'highlightList'> => ({
  ...common(ctx, 'highlights'),
  type: 'highlightList',
  title: null,
  columns,
  items: ctx.texts.highlights
    .slice(0, columns)
    .map((h, i) => ({ icon: ['truck', 'refresh', 'shield', 'swap'][i]!, ...h })),
});

export const stageRow = (ctx: BlockContext): Block<'stageRow'> => ({
  ...common(ctx, 'stage'),
  type: 'stageRow',
  title: null,
  items: (['carSearch', 'bookService', 'tires', 'sites'] as const).map((key) => ({
    title: ctx.texts.nav[key].label,
    text: ctx.texts.readMore,
    image: image(`${ctx.market.id}-stage-${key}`, ctx.texts.nav[key].label),
    link: navLink(ctx, key),
  })),
});

export const siteSelection = (ctx: BlockContext): Block<'siteSelection'> => ({
  ...common(ctx, 'sites'),
  type: 'siteSelection',
  title: ctx.texts.sitesTitle,
  filters: [{ field: 'site_departments.group', values: ['Workshop'] }],
  limit: 4,
  link: link(ctx.texts.allSites, ctx.market.paths.siteDetail),
});

export const carTeaserIds = (ctx: BlockContext): Block<'carTeaserIds'> => ({
  ...common(ctx, 'selected-cars'),
  type: 'carTeaserIds',
  title: ctx.texts.teasers.selected,
  carIds: ctx.featuredCarIds.slice(0, 4),
});

export function carTeaserQuery(ctx: BlockContext, kind: 'latest' | 'electric'): Block<'carTeaserQuery'> {
  const electric = VOCABULARIES[marketProfile(ctx.market.id).language].fuel.electric;
  return {
    ...common(ctx, `${kind}-cars`),
    type: 'carTeaserQuery',
    title: ctx.texts.teasers[kind],
    keyphrase: null,
    filters: kind === 'electric' ? [{ field: 'car_fuel', values: [electric] }] : [],
    sortName: 'newest',
    numberOfCars: 8,
    link: link(
      ctx.texts.teasers.allCars,
      kind === 'electric'
        ? `${ctx.market.paths.carList}?car_fuel=${encodeURIComponent(electric)}`
        : ctx.market.paths.carList,
    ),
  };
}

export const megaMenu = (ctx: BlockContext): Block<'megaMenu'> => ({
  ...common(ctx, 'megamenu'),
  type: 'megaMenu',
  columns: (
    [
      ['buyCar', ['carSearch', 'finance', 'campaigns', 'accessories']],
      ['service', ['bookService', 'tires', 'damage']],
      ['about', ['contact', 'faq', 'sites']],
    ] as const
  ).map(([title, keys]) => ({ title: ctx.texts.nav[title].label, links: keys.map((k) => navLink(ctx, k)) })),
  promo: {
    title: ctx.texts.carousel[0]!.title,
    image: image(`${ctx.market.id}-promo`, ctx.texts.carousel[0]!.title),
    link: navLink(ctx, 'carSearch'),
  },
});

export const stories = (ctx: BlockContext, teaser: boolean, tag: string | null = null): Block<'stories'> => ({
  ...common(ctx, teaser ? 'stories-teaser' : 'stories'),
  type: 'stories',
  title: ctx.texts.storiesTitle,
  tag,
  teaser,
  highlightFirst: !teaser,
});
