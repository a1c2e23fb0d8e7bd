import type { MarketId } from '../../../markets/schema.js';
import type { ContentBlock, ContentPage } from '../../../contracts/upstream/content.js';
import * as block from './blocks.js';
import type { BlockContext } from './blocks.js';
import { pageShell, type PageInput } from './pageShell.js';
import { CONTENT_TEXTS } from './texts.js';
import { UK_TARGET_PAGES } from './targetPagesUk.js';
import type { TargetPage } from './targetPage.js';

/**
 * The pages the markets' redirect tables send old URLs to (redirects/README.md): section and service pages,
 * about pages, the tire-purchase result pages and the UK's brand areas. Names are in the market's language.
 */
const TARGET_PAGES: Partial<Record<MarketId, TargetPage[]>> = {
  se: [
    { path: '/dack-och-biltillbehor', name: 'Däck och biltillbehör' },
    { path: '/dack-och-biltillbehor/dack', name: 'Däck' },
    { path: '/dack-och-biltillbehor/dackkop-tack', name: 'Tack för ditt däckköp' },
    { path: '/dack-och-biltillbehor/dackkop-fel', name: 'Däckköpet kunde inte genomföras' },
    { path: '/service-och-verkstad/service-och-garantier', name: 'Service och garantier' },
    { path: '/om-oss/karriar', name: 'Karriär' },
  ],
  'se-used': [
    { path: '/service/begagnatgaranti', name: 'Begagnatgaranti' },
    { path: '/finansiering/forsakring', name: 'Försäkring' },
    { path: '/foretaget/karriar', name: 'Karriär' },
  ],
  fi: [{ path: '/tietoa-meista/ura', name: 'Ura' }],
  no: [
    { path: '/verksted/service', name: 'Service' },
    { path: '/verksted/eu-kontroll', name: 'EU-kontroll' },
    { path: '/verksted/garanti', name: 'Garanti' },
    { path: '/om-oss/karriere', name: 'Karriere' },
  ],
  sk: [{ path: '/spolocnost/kariera', name: 'Kariéra' }],
  uk: UK_TARGET_PAGES,
};

function blocksOf(ctx: BlockContext, page: TargetPage, intro: string): ContentBlock[] {
  const hero = block.hero(ctx, page.name, intro, 'default', false);
  if (!page.brand)
    return [
      hero,
      block.blurb(ctx, 'intro', ctx.texts.blurb.title, ctx.texts.blurb.text, 'left', 'sites'),
      block.share(ctx),
    ];
  const carList = ctx.market.paths.carList;
  const teaser = block.carTeaserQuery(ctx, 'latest');
  return [
    hero,
    {
      ...teaser,
      title: page.name,
      filters: [
        { field: 'car_brand', values: [page.brand] },
        ...(page.condition ? [{ field: 'car_condition', values: [page.condition] }] : []),
      ],
      link: {
        ...teaser.link!,
        url: `${carList}?car_brand=${encodeURIComponent(page.brand)}${page.condition ? `&car_condition=${encodeURIComponent(page.condition)}` : ''}`,
      },
    },
    block.share(ctx),
  ];
}

/** The market's target pages in one language (every language of a market shares the paths). */
export function targetPages(input: PageInput): ContentPage[] {
  const texts = CONTENT_TEXTS[input.language];
  return (TARGET_PAGES[input.market.id] ?? []).map((page) => {
    const id = `${input.market.id}-target${page.path.replace(/\//g, '-')}`;
    const ctx: BlockContext = { ...input, texts, pageId: `${id}-${input.language}` };
    const intro = texts.pageLead.replace('{label}', page.name.toLowerCase());
    return { ...pageShell(input, id, page.path, page.name, 'content', []), blocks: blocksOf(ctx, page, intro) };
  });
}
