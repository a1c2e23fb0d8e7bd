import { renderToString } from 'react-dom/server';
import { MARKETS } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { ContentBlock } from '../../contracts/upstream/content.js';
import { BlockList, type BlockRegistry } from '../../views/blocks/BlockList.js';
import { SpacerBlock } from '../../views/blocks/SpacerBlock.js';
import { PageContext, type PageContextValue } from '../../views/PageContext.js';

function pageContext(reports: Array<[string, Record<string, unknown>]>): PageContextValue {
  return {
    market: MARKETS.find((m) => m.id === 'se')!,
    language: 'sv',
    t: translator('sv'),
    path: '/',
    origin: 'https://www.hedinautomotive.se',
    href: (path) => path,
    alternates: [],
    languageLinks: [],
    searchParams: new URLSearchParams(),
    editing: false,
    islands: new Set(),
    nextIslandId: () => 'island-0',
    report: (message, detail) => reports.push([message, detail]),
  };
}

const Throwing = (): never => {
  throw new Error('broken block data');
};
const blocks: ContentBlock[] = [
  { id: 'a', published: true, type: 'spacer', size: 'small' },
  {
    id: 'b',
    published: true,
    type: 'hero',
    title: 'x',
    text: null,
    image: { src: '/media/x.svg', alt: '' },
    height: 'default',
    showSearch: false,
    searchPlaceholder: null,
    link: null,
  },
  { id: 'c', published: true, type: 'spacer', size: 'large' },
  { id: 'd', published: true, type: 'share', title: null, targets: ['copy'] },
];

describe('a block inside its boundary', () => {
  it('shows the section error in place of a block that throws, renders the others and logs the failure', () => {
    const reports: Array<[string, Record<string, unknown>]> = [];
    const registry = { spacer: SpacerBlock, hero: Throwing } as BlockRegistry;
    const html = renderToString(
      <PageContext.Provider value={pageContext(reports)}>
        <BlockList blocks={blocks} registry={registry} />
      </PageContext.Provider>,
    );
    expect(html).toContain('spacer--small');
    expect(html).toContain('spacer--large');
    expect(html.indexOf('spacer--small')).toBeLessThan(html.indexOf('Aj då'));
    expect(html.indexOf('Aj då')).toBeLessThan(html.indexOf('spacer--large'));
    expect(html).toContain('Ladda om sidan');
    expect(reports).toEqual([
      ['content block skipped: no component for its type', { blockId: 'd', blockType: 'share' }],
      [
        'content block failed to render',
        expect.objectContaining({ blockId: 'b', blockType: 'hero', err: expect.any(Error) }),
      ],
    ]);
  });
});
