import type { MarketId } from '../../../markets/schema.js';
import type { NavKey } from './contentTexts.js';

/**
 * Where a market's site keeps a navigation page when it is not `{parent}/{slug}`: the paths the
 * market's redirect tables send old URLs to (redirects/README.md, "Which side is right"). Children
 * of a moved page move with it.
 */
export const MARKET_NAV_PATHS: Partial<Record<MarketId, Partial<Record<NavKey, string>>>> = {
  fi: {
    buyCar: '/autot',
    finance: '/rahoitus',
    campaigns: '/kampanjat',
    tireHotel: '/huolto/rengashotelli',
    damage: '/huolto/vahinkokorjaus',
    about: '/tietoa-meista',
  },
  no: {
    buyCar: '/biler',
    service: '/verksted',
    bookService: '/verksted/bestill-time',
    tireHotel: '/verksted/dekkhotell',
  },
  // Begagnat.se's careers are its own page, where its redirect table sends /om-begagnat/jobba-hos-oss (issue 49).
  'se-used': { service: '/service', finance: '/finansiering', about: '/foretaget', careers: '/foretaget/karriar' },
  sk: { finance: '/financovanie', tires: '/servis/pneuservis', about: '/spolocnost' },
  uk: { bookService: '/service-and-parts/book-service-or-mot' },
};
