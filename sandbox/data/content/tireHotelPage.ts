import type { ContentBlock } from '../../../contracts/upstream/content.js';
import { marketProfile } from '../market-profiles.js';
import * as block from './blocks.js';
import type { BlockContext } from './blocks.js';
import type { PageEntry } from './siteTree.js';

type TireHotelBlock = Extract<ContentBlock, { type: 'tireHotel' }>;

/** The tire-hotel flow is Swedish only (part 2 §1): the page's editor texts are written once, in Swedish. */
const TIRE_HOTEL_TEXTS = {
  text: 'Har du dina däck hos oss? Logga in med bilens registreringsnummer och en kod till din mobil, så kan du se dina däck och boka hjulskifte.',
  faq: [
    {
      question: 'Vad ingår i däckhotellet?',
      answer:
        'Vi tvättar hjulen, kontrollerar mönsterdjup och skick och förvarar dem torrt och frostfritt tills det är dags att skifta igen.',
    },
    {
      question: 'Hur bokar jag hjulskifte?',
      answer:
        'Logga in ovan med bilens registreringsnummer och koden vi skickar till din mobil, välj sedan en tid som passar dig.',
    },
    {
      question: 'Vad händer om mina däck är slitna?',
      answer:
        'Vi mäter mönsterdjupet vid varje skifte. Närmar sig däcken gränsen hör vi av oss med ett förslag på nya innan vi monterar dem.',
    },
    {
      question: 'Kan jag hämta ut mina däck?',
      answer: 'Ja, kontakta anläggningen där däcken förvaras så gör vi i ordning dem till en tid som passar dig.',
    },
  ],
};

function tireHotelBlock(ctx: BlockContext): TireHotelBlock {
  const linkTo = (key: 'bookService' | 'contact') => ({
    text: ctx.texts.nav[key].label,
    url: ctx.tree.pathByKey.get(key) ?? '/',
    external: false,
  });
  return {
    id: `${ctx.pageId}-tirehotel`,
    published: true,
    type: 'tireHotel',
    title: ctx.texts.nav.tireHotel.label,
    text: TIRE_HOTEL_TEXTS.text,
    bookServiceLink: linkTo('bookService'),
    contactLink: linkTo('contact'),
    // The market's own tire-hotel address (dackhotell@hedinautomotive.se).
    contactEmail: `dackhotell@${marketProfile(ctx.market.id).emailDomain}`,
  };
}

/**
 * The blocks of the Däckhotell page on a market with the tire hotel: the flow first (it holds the h1),
 * then the common questions. Undefined for every other page, which keeps its usual line-up.
 */
export function tireHotelPageBlocks(ctx: BlockContext, entry: PageEntry): ContentBlock[] | undefined {
  if (entry.key !== 'tireHotel' || !ctx.market.features.tireHotel) return undefined;
  // The questions are the tire hotel's own, not the page template's (test drives, trade-ins).
  return [tireHotelBlock(ctx), { ...block.accordion(ctx), items: TIRE_HOTEL_TEXTS.faq }];
}
