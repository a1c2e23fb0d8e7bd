import { jest } from '@jest/globals';
import { API_OPERATIONS } from '../../server/api/apiRouter.js';
import { UPSTREAM_SERVICES } from '../../server/config/upstreams.js';
import { operationTarget, pageTargets, send } from '../support/faultMatrix.js';
import { stackForThisFile } from '../support/testStack.js';
import { listen } from '../../scripts/stack/composedBff.js';

jest.setTimeout(60_000);

const peers = stackForThisFile({ bff: 'app', env: { TRUST_PROXY: '1' } });
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(peers.bff.app);
});
afterAll(() => server.close());

describe('upstream origins', () => {
  it('appear in no /api answer and no page: media is always named /media/...', async () => {
    const origins = new Set(UPSTREAM_SERVICES.map((s) => new URL(peers.bff.config.upstreamUrls[s]!).origin));
    const hostPort = [...origins].map((o) => new URL(o).host);
    const targets = [...API_OPERATIONS.map(operationTarget), ...(await pageTargets(server.origin, peers.sandbox.url))];
    const leaks: string[] = [];
    let mediaMentions = 0;
    for (const [i, target] of targets.entries()) {
      const answer = await send(server.origin, target, { 'x-forwarded-for': `10.12.0.${i + 1}` });
      const seen = `${answer.text}\n${String(answer.headers.location ?? '')}`;
      for (const host of hostPort)
        if (seen.includes(host)) leaks.push(`${target.name} (${answer.status}) names ${host}`);
      if (seen.includes('/media/')) mediaMentions++;
    }
    expect(leaks).toEqual([]);
    // The check saw media: pages and search answers are full of images.
    expect(mediaMentions).toBeGreaterThan(5);
  });

  it('are rewritten in /api/search and /api/stories answers to the /media relay', async () => {
    const search = await send(server.origin, {
      name: 'search',
      kind: 'json',
      host: 'se.localhost',
      method: 'POST',
      path: '/api/search',
      body: JSON.stringify({ index: 'cars', limit: 2 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(search.text).toMatch(/"\/media\/cars\//);
    const stories = await send(server.origin, {
      name: 'stories',
      kind: 'json',
      host: 'se.localhost',
      method: 'GET',
      path: '/api/stories?limit=2',
      headers: {},
    });
    expect(stories.text).toMatch(/"\/media\//);
  });
});
