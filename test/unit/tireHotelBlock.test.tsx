import { renderToString } from 'react-dom/server';
import type { ContentBlock } from '../../contracts/upstream/content.js';
import type { Market } from '../../markets/schema.js';
import { MARKETS } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { sv } from '../../markets/translations/sv.js';
import { BlockList } from '../../views/blocks/BlockList.js';
import { PageContext, type PageContextValue } from '../../views/PageContext.js';

const block: ContentBlock = {
  id: 'th',
  published: true,
  type: 'tireHotel',
  title: 'Däckhotell',
  text: 'Logga in med registreringsnumret.',
  bookServiceLink: { text: 'Boka service', url: '/service-och-verkstad/boka-service', external: false },
  contactLink: { text: 'Kontakta oss', url: '/om-oss/kontakt', external: false },
  contactEmail: 'dackhotell@example.se',
};

function render(market: Market, query = '', reports: unknown[][] = []) {
  const islands = new Set<string>();
  const context: PageContextValue = {
    market,
    language: market.languages[0]!,
    t: translator(market.languages[0]!),
    origin: 'https://www.hedinautomotive.se',
    path: '/service-och-verkstad/dack/dackhotell',
    href: (path) => path,
    alternates: [],
    languageLinks: [],
    searchParams: new URLSearchParams(query),
    editing: false,
    islands,
    nextIslandId: () => 'island-0',
    report: (message, detail) => reports.push([message, detail]),
  };
  const html = renderToString(
    <PageContext.Provider value={context}>
      <BlockList blocks={[block]} />
    </PageContext.Provider>,
  );
  return { html, islands };
}

const marketById = (id: string) => MARKETS.find((m) => m.id === id)!;

describe('tire-hotel block rendered on the server', () => {
  it('renders the Search page as a POST form that keeps the number for the island (never a GET), a link’s ?regNo= prefilled', () => {
    const { html, islands } = render(marketById('se'), 'regNo=abc%20123');
    expect(islands).toEqual(new Set(['tirehotel']));
    expect(html).toContain('<h1 id="th-title">Däckhotell</h1>');
    expect(html).toContain('Hitta ditt däckhotellsavtal');
    expect(html).toContain('<form id="tirehotel-search" class="tirehotel__form" action="/forms/keep" method="post">');
    expect(html).toContain(
      '<input type="hidden" form="tirehotel-search" name="returnTo" value="/service-och-verkstad/dack/dackhotell"/>',
    );
    expect(html).toMatch(/name="regNo" value="ABC123"/);
    expect(html).toContain('placeholder="ABC123"');
    expect(html).toContain('href="mailto:dackhotell@example.se"');
    // Before hydration the button is not disabled: the plain form must still submit.
    expect(html).toMatch(/<button type="submit" class="button tirehotel__primary">Fortsätt<\/button>/);
  });

  it('hands the island every tirehotel.* text with its placeholders', () => {
    const { html } = render(marketById('se'));
    const props = JSON.parse(
      /<script type="application\/json" id="island-0-props">(.*?)<\/script>/.exec(html)![1]!,
    ) as { texts: Record<string, string> };
    expect(props.texts.codeWillBeSent).toBe('En kod kommer skickas till {phone}');
    expect(props.texts.notFound).toBe('Vi hittar inget däckhotellsavtal för detta registreringsnummer.');
    const flowKeys = Object.keys(sv)
      .filter((key) => key.startsWith('tirehotel.'))
      .map((key) => key.slice('tirehotel.'.length));
    expect(Object.keys(props.texts).sort()).toEqual(flowKeys.sort());
  });

  it('leaves the block out, with a log line, on a market without the tire hotel', () => {
    const reports: unknown[][] = [];
    const { html, islands } = render(marketById('uk'), '', reports);
    expect(html).not.toContain('data-island');
    expect(islands.size).toBe(0);
    expect(reports).toEqual([[expect.stringContaining('tire-hotel block left out'), { blockId: 'th', market: 'uk' }]]);
  });
});
