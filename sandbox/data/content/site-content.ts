import type { Language, Market, MarketId } from '../../../markets/schema.js';
import type { ContentPage, NavigationItem, Story } from '../../../contracts/upstream/content.js';
import { CAR_CATALOGUE, MARKET_BRANDS } from '../car-catalogue.js';
import { slugify } from '../random.js';
import { navigation, siteTree } from './navigation.js';
import { marketPages } from './pages.js';
import { marketStories } from './stories.js';
import { CONTENT_TEXTS } from './texts.js';

const ALERT_TYPES: Record<MarketId, 'Warning' | 'Dark' | 'Light' | 'Neutral'> = {
  se: 'Warning',
  'se-used': 'Light',
  fi: 'Neutral',
  no: 'Dark',
  sk: 'Light',
  uk: 'Neutral',
};

export interface LanguageContent {
  navigation: { published: NavigationItem[]; preview: NavigationItem[] };
  stories: Story[];
  pages: Map<string, ContentPage>;
  alert: {
    id: string;
    type: 'Warning' | 'Dark' | 'Light' | 'Neutral';
    text: string;
    link: { text: string; url: string; external: boolean };
  };
}

/** One content site (a market): its languages, footer brands and everything per language. */
export interface SiteContent {
  market: Market;
  languages: { code: Language; name: string; isDefault: boolean }[];
  brands: { name: string; logo: { src: string; alt: string } }[];
  byLanguage: Map<Language, LanguageContent>;
}

export function generateSiteContent(market: Market, featuredCarIds: string[], anchor: Date): SiteContent {
  const tree = siteTree(market);
  const brandNames = MARKET_BRANDS[market.id] ?? [...new Set(CAR_CATALOGUE.map((c) => c.brand))].slice(0, 12);
  const byLanguage = new Map<Language, LanguageContent>(
    market.languages.map((language) => {
      const texts = CONTENT_TEXTS[language];
      const stories = marketStories(market, language, anchor);
      return [
        language,
        {
          navigation: { published: navigation(market, language, false), preview: navigation(market, language, true) },
          stories,
          pages: marketPages({ market, language, tree, stories, featuredCarIds, anchor }),
          alert: {
            id: `${market.id}-alert-holidays`,
            type: ALERT_TYPES[market.id],
            text: texts.alert.text,
            link: { text: texts.alert.link, url: tree.pathByKey.get('sites') ?? '/', external: false },
          },
        },
      ];
    }),
  );
  return {
    market,
    languages: market.languages.map((code, i) => ({
      code,
      name: CONTENT_TEXTS[code].languageName,
      isDefault: i === 0,
    })),
    brands: brandNames.map((name) => ({ name, logo: { src: `/media/brands/${slugify(name)}.svg`, alt: name } })),
    byLanguage,
  };
}
