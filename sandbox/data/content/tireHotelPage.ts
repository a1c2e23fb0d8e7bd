import type { ContentBlock } from '../../../contracts/upstream/content.js';
import * as block from './blocks.js';
import type { BlockContext } from './blocks.js';
import type { PageEntry } from './navigation.js';

type TireHotelBlock = Extract<ContentBlock, { type: 'tireHotel' }>;

/** The tire-hotel flow is Swedish only (part 2 §1): the block's editor texts are written once, in Swedish. */
const TIRE_HOTEL_TEXTS = {
  text: 'Har du dina däck hos oss? Logga in med bilens registreringsnummer och en kod till din mobil, så kan du se dina däck och boka hjulskifte.',
  contactEmail: 'dackhotell@hedinautomotive.example',
};

function tireHotelBlock(ctx: BlockContext): TireHotelBlock {
  const linkTo = (key: 'bookService' | 'contact') => ({ text: ctx.texts.nav[key].label, url: ctx.tree.pathByKey.get(key) ?? '/', external: false });
  return {
    id: `${ctx.pageId}-tirehotel`,
    published: true,
    type: 'tireHotel',
    title: ctx.texts.nav.tireHotel.label,
    text: TIRE_HOTEL_TEXTS.text,
    bookServiceLink: linkTo('bookService'),
    contactLink: linkTo('contact'),
    contactEmail: TIRE_HOTEL_TEXTS.contactEmail,
  };
}

/**
 * The blocks of the Däckhotell page on a market with the tire hotel: the flow first (it holds the h1),
 * then the common questions. Undefined for every other page, which keeps its usual line-up.
 */
export function tireHotelPageBlocks(ctx: BlockContext, entry: PageEntry): ContentBlock[] | undefined {
  if (entry.key !== 'tireHotel' || !ctx.market.features.tireHotel) return undefined;
  return [tireHotelBlock(ctx), block.accordion(ctx)];
}
