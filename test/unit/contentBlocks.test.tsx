import { renderToString } from 'react-dom/server';
import { timeLeft } from '../../client/enhance/countdown.js';
import { MARKETS } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import type { ContentBlock } from '../../contracts/upstream/content.js';
import { BlockList, type BlockRegistry } from '../../views/blocks/BlockList.js';
import { humanFileSize } from '../../views/blocks/FileDownloadsBlock.js';
import { shareLink } from '../../views/blocks/ShareBlock.js';
import { videoPlayerUrl } from '../../views/blocks/VideoEmbedBlock.js';
import { PageContext, type PageContextValue } from '../../views/PageContext.js';

type Reports = Array<[string, Record<string, unknown>]>;

function render(
  blocks: ContentBlock[],
  options: { editing?: boolean; path?: string; reports?: Reports; registry?: BlockRegistry } = {},
): string {
  const context: PageContextValue = {
    market: MARKETS.find((m) => m.id === 'se')!,
    language: 'sv',
    t: translator('sv'),
    origin: 'https://www.hedinautomotive.se',
    path: options.path ?? '/kampanj',
    href: (path) => path,
    alternates: [],
    languageLinks: [],
    searchParams: new URLSearchParams(),
    editing: options.editing ?? false,
    islands: new Set(),
    nextIslandId: () => 'island-0',
    report: (message, detail) => options.reports?.push([message, detail]),
  };
  return renderToString(
    <PageContext.Provider value={context}>
      <BlockList blocks={blocks} registry={options.registry} />
    </PageContext.Provider>,
  );
}

const image = { src: 'https://media.example/media/content/x.svg', alt: 'Bild', width: 1600, height: 900 };
const base = { published: true };
const files = ['Prislista', 'Villkor', 'Garanti', 'Serviceprogram', 'Rapport'].map((name, i) => ({
  name,
  url: `/media/files/${i}.pdf`,
  fileType: 'pdf',
  sizeBytes: 120_000 + i * 1_000_000,
}));

describe('content blocks rendered on the server', () => {
  it('shows three files with type and size, and the rest behind a show-all toggle', () => {
    const html = render([{ ...base, id: 'f', type: 'fileDownloads', title: null, files }]);
    const [visible, hidden] = html.split('<details');
    expect(visible!.match(/<li/g)).toHaveLength(3);
    expect(hidden!.match(/<li/g)).toHaveLength(2);
    expect(visible).toContain('(PDF, 120 kB)');
    expect(html).toContain('Visa alla (5)');
    expect(html).toContain('Filer att ladda ner');
  });

  it('builds share links for the page canonical URL, and hides copy and native share until the browser has them', () => {
    const html = render([
      {
        ...base,
        id: 's',
        type: 'share',
        title: null,
        targets: ['linkedin', 'facebook', 'whatsapp', 'x', 'copy', 'native'],
      },
    ]);
    const canonical = 'https://www.hedinautomotive.se/kampanj';
    for (const target of ['linkedin', 'facebook', 'whatsapp', 'x'] as const)
      expect(html).toContain(`href="${shareLink(target, canonical).href.replaceAll('&', '&amp;')}"`);
    expect(html).toContain(encodeURIComponent(canonical));
    expect(html).toMatch(/<li data-share-copy-item="" hidden="">/);
    expect(html).toMatch(/<li data-share-native-item="" hidden="">/);
    expect(html).toContain('role="status"');
  });

  it('shows only a thumbnail button for a video, through the media relay, with the privacy-friendly player to load on click', () => {
    const html = render([
      { ...base, id: 'v', type: 'videoEmbed', title: 'Filmen', provider: 'youtube', videoId: 'abc', thumbnail: image },
    ]);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('src="/media/content/x.svg"');
    expect(html).toContain('data-video-src="https://www.youtube-nocookie.com/embed/abc?autoplay=1"');
    expect(videoPlayerUrl('vimeo', '123')).toBe('https://player.vimeo.com/video/123?autoplay=1');
  });

  it('renders the time left of a countdown, and the ended text once the target has passed', () => {
    const future = new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000 + 30 * 60_000).toISOString();
    const running = render([
      { ...base, id: 'c', type: 'countdown', title: 'Snart', text: null, targetDate: future, link: null },
    ]);
    expect(running).toMatch(/data-unit="days">2</);
    expect(running).toMatch(/data-unit="hours">3</);
    expect(running).toMatch(/<p class="countdown__ended" data-countdown-ended="" hidden="">/);
    const ended = render([
      {
        ...base,
        id: 'c2',
        type: 'countdown',
        title: 'Slut',
        text: null,
        targetDate: '2020-01-01T00:00:00Z',
        link: null,
      },
    ]);
    expect(ended).toMatch(/<p class="countdown__ended" data-countdown-ended="">Tiden har gått ut.<\/p>/);
    expect(ended).toMatch(/data-countdown-clock="" hidden=""/);
  });

  it('gives the carousel its autoplay interval and a labelled slide group per slide', () => {
    const slides = [1, 2, 3].map((n) => ({ title: `Bild ${n}`, text: null, image, link: null }));
    const html = render([{ ...base, id: 'k', type: 'carousel', autoplaySeconds: 5, slides }]);
    expect(html).toContain('data-autoplay-ms="5000"');
    expect(html).toContain('aria-label="2 av 3"');
    expect(html).toContain('aria-label="Pausa bildspelet"');
  });

  it('lays highlight lists out in the columns the editor chose', () => {
    const items = [1, 2, 3].map((n) => ({ icon: 'truck', title: `P${n}`, text: 't' }));
    expect(render([{ ...base, id: 'h', type: 'highlightList', title: null, columns: 3, items }])).toContain(
      'highlights--3',
    );
  });

  it('hides the hero search bar on a full-height hero', () => {
    const hero = {
      ...base,
      type: 'hero' as const,
      title: 'Hej',
      text: null,
      image,
      showSearch: true,
      searchPlaceholder: null,
      link: null,
    };
    expect(render([{ ...hero, id: 'h1', height: 'default' }])).toContain('role="search"');
    expect(render([{ ...hero, id: 'h2', height: 'full' }])).not.toContain('role="search"');
  });

  it('marks blocks and their fields for the editors only in editing mode', () => {
    const blurb: ContentBlock = {
      ...base,
      id: 'b1',
      type: 'blurb',
      title: 'Titel',
      text: 'Text',
      image,
      imagePosition: 'left',
      link: { text: 'Läs', url: '/x', external: false },
    };
    const editing = render([blurb], { editing: true });
    expect(editing).toContain('data-edit-block="b1"');
    expect(editing).toContain('data-edit-field="title"');
    expect(editing).toContain('data-edit-field="link"');
    const shopper = render([blurb]);
    expect(shopper).not.toContain('data-edit-');
  });

  it('logs a block type without a component once per page and block, however often the page is viewed', () => {
    const reports: Reports = [];
    const spacer: ContentBlock = { ...base, id: 'spacer-1', type: 'spacer', size: 'small' };
    const noComponents = {} as BlockRegistry;
    for (let i = 0; i < 3; i++) render([spacer], { path: '/en-sida', reports, registry: noComponents });
    render([spacer], { path: '/en-annan-sida', reports, registry: noComponents });
    expect(reports).toEqual([
      ['content block skipped: no component for its type', { blockId: 'spacer-1', blockType: 'spacer' }],
      ['content block skipped: no component for its type', { blockId: 'spacer-1', blockType: 'spacer' }],
    ]);
  });
});

describe('block helpers', () => {
  it('writes file sizes as people read them, in the market number format', () => {
    expect(humanFileSize(950, 'sv-SE')).toBe('950 B');
    expect(humanFileSize(120_000, 'sv-SE')).toBe('120 kB');
    expect(humanFileSize(2_400_000, 'sv-SE')).toBe('2,4 MB');
    expect(humanFileSize(2_400_000, 'en-GB')).toBe('2.4 MB');
  });

  it('counts down in whole minutes, rounding up, and ends at the target', () => {
    const target = Date.UTC(2030, 0, 1);
    expect(timeLeft(target, target - (86_400_000 + 2 * 3_600_000 + 5 * 60_000))).toEqual({
      days: 1,
      hours: 2,
      minutes: 5,
    });
    expect(timeLeft(target, target - 30_000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft(target, target)).toBeNull();
    expect(timeLeft(target, target + 1)).toBeNull();
  });
});
