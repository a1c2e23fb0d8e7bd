import pino from 'pino';
import { Writable } from 'node:stream';
import { ContentClient } from '../../server/upstream/contentClient.js';
import type { UpstreamHttp } from '../../server/upstream/upstreamHttp.js';

/** A content service answering one page whose second block is of a type this BFF does not know yet. */
function contentServiceWithNewBlockType(pageId: string) {
  const page = {
    id: pageId,
    pageType: 'content',
    path: '/x',
    language: 'sv',
    name: 'X',
    title: 'X',
    metaDescription: '',
    image: null,
    alternates: [],
    breadcrumbs: [],
    published: true,
    updatedAt: '2025-01-01',
    story: null,
    blocks: [
      { id: 'b1', published: true, type: 'spacer', size: 'small' },
      { id: 'b2', published: true, type: 'hologram', depth: 3 },
    ],
  };
  return {
    json: async (call: { schema: { parse: (v: unknown) => unknown } }) => call.schema.parse({ page }),
  } as unknown as UpstreamHttp;
}

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, sink), lines };
}

describe('content client and blocks of unknown types', () => {
  it('skips the block, keeps the page, and logs it once per page and block however often the page is fetched', async () => {
    const { logger, lines } = capturedLogger();
    const scope = { site: 'se', language: 'sv' as const };
    const onePage = new ContentClient(contentServiceWithNewBlockType('page-1'), logger);
    for (let i = 0; i < 3; i++) {
      const page = await onePage.page(scope, '/x');
      expect(page?.blocks.map((b) => b.id)).toEqual(['b1']);
    }
    await new Promise((resolve) => setImmediate(resolve));
    const skipped = lines.filter((l) => l.msg === 'content block skipped: unknown type or shape');
    expect(skipped).toEqual([expect.objectContaining({ pageId: 'page-1', blockId: 'b2', blockType: 'hologram' })]);
  });
});
