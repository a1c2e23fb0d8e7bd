import { marketById } from '../../../markets/registry.js';
import type { Language, Market } from '../../../markets/schema.js';
import type { NavigationItem } from '../../../contracts/upstream/content.js';
import { MARKET_NAV_PATHS } from './marketPaths.js';
import type { NavKey } from './contentTexts.js';
import { CONTENT_TEXTS } from './texts.js';
import { SELL_CAR_PATHS } from './leadFormPages.js';
import type { PageEntry, PageType, SiteTree } from './siteTree.js';

interface NavNode {
  key: NavKey;
  children?: NavNode[];
  /** Shown as a page but left out of menus. */
  hidden?: boolean;
  /** Draft: only with a preview token. */
  draft?: boolean;
  /** Only on markets where this holds (a page only some markets have). */
  only?: (market: Market) => boolean;
}

/** The site tree every market shares: three levels, one hidden item, one draft (and se-used's one external link). */
const TREE: NavNode[] = [
  {
    key: 'buyCar',
    children: [
      { key: 'carSearch' },
      { key: 'finance', children: [{ key: 'carLoan' }, { key: 'privateLeasing' }, { key: 'companyLeasing' }] },
      { key: 'campaigns' },
      { key: 'accessories' },
    ],
  },
  // Sell-car and the motorcycle workshop carry lead forms (leadFormPages.ts): in the menu, so shoppers find them.
  { key: 'sellCar' },
  {
    key: 'service',
    children: [
      { key: 'bookService' },
      { key: 'tires', children: [{ key: 'tireHotel' }, { key: 'wheelChange' }] },
      { key: 'damage' },
      { key: 'mcWorkshop', only: (market) => market.features.serviceRequestForm },
    ],
  },
  { key: 'stories' },
  { key: 'sites' },
  {
    key: 'about',
    children: [
      { key: 'contact' },
      { key: 'faq' },
      { key: 'careers' },
      { key: 'press', hidden: true },
      { key: 'sustainability', children: [{ key: 'report', draft: true }] },
    ],
  },
];

/**
 * Where a market's menu item leads when it is another site's page rather than one of this site's: Begagnat.se's
 * sustainability is the dealer group's, the Swedish site's own page on its public host. Every other item (careers
 * too: Begagnat.se has its own, issue 49) is a page of the market's own site (its tree path).
 */
function externalTarget(key: NavKey, market: Market): string | null {
  if (key !== 'sustainability' || market.id !== 'se-used') return null;
  const group = marketById('se');
  return `https://${group.hostnames[0]}${siteTree(group).pathByKey.get('sustainability')}`;
}

/** Keys whose path is fixed by the market (markets/*.ts paths) rather than by the tree. */
function fixedPath(key: NavKey, market: Market): { path: string; pageType: PageType } | undefined {
  switch (key) {
    case 'carSearch':
      return { path: market.paths.carList, pageType: 'carList' };
    case 'accessories':
      return { path: market.paths.kits, pageType: 'kits' };
    case 'stories':
      return { path: market.paths.stories, pageType: 'storyList' };
    case 'sites':
      return { path: market.paths.siteDetail, pageType: 'siteList' };
    case 'sellCar':
      return { path: SELL_CAR_PATHS[market.id], pageType: 'content' };
    default:
      return undefined;
  }
}

export function siteTree(market: Market): SiteTree {
  const slugs = CONTENT_TEXTS[market.languages[0]!].nav;
  const pages = new Map<string, PageEntry>();
  const pathByKey = new Map<NavKey, string>();
  const walk = (nodes: NavNode[], parentPath: string, ancestors: NavKey[], parentDraft: boolean) => {
    for (const node of nodes) {
      if (node.only && !node.only(market)) continue;
      const fixed = fixedPath(node.key, market);
      const path = fixed?.path ?? MARKET_NAV_PATHS[market.id]?.[node.key] ?? `${parentPath}/${slugs[node.key].slug}`;
      const draft = parentDraft || node.draft === true;
      pathByKey.set(node.key, path);
      // A market path wins over a content page on the same path (se-used's car list is /kop-bil).
      if (!externalTarget(node.key, market) && (fixed || !pages.has(path))) {
        pages.set(path, { key: node.key, path, pageType: fixed?.pageType ?? 'content', published: !draft, ancestors });
      }
      if (node.children) walk(node.children, path, [...ancestors, node.key], draft);
    }
  };
  walk(TREE, '', [], false);
  return { pages, pathByKey };
}

/** The navigation tree in one language; drafts only when previewing. */
export function navigation(market: Market, language: Language, preview: boolean): NavigationItem[] {
  const texts = CONTENT_TEXTS[language].nav;
  const { pathByKey } = siteTree(market);
  const toItem = (node: NavNode, parentDraft: boolean): NavigationItem[] => {
    if (node.only && !node.only(market)) return [];
    const draft = parentDraft || node.draft === true;
    if (draft && !preview) return [];
    const text = texts[node.key];
    const external = externalTarget(node.key, market);
    return [
      {
        id: `${market.id}-${node.key}`,
        name: text.label,
        url: { path: external ?? pathByKey.get(node.key) ?? '/' },
        navigationTitle: text.menuTitle ?? null,
        hideInNavigation: node.hidden === true,
        externalLink: external,
        published: !draft,
        children: (node.children ?? []).flatMap((child) => toItem(child, draft)),
      },
    ];
  };
  return TREE.flatMap((node) => toItem(node, false));
}
