import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../../markets/registry.js';
import { stackForThisFile } from '../../support/testStack.js';

jest.setTimeout(30_000);

/** The markets whose home page carries a dismissable alert in the sandbox. */
const WITH_DISMISSABLE_ALERT = ['se-used', 'fi', 'no', 'sk', 'uk'] as const;

describe('a public page is the same for everyone', () => {
  const harness = stackForThisFile({ bff: 'app', env: { PAGE_CACHE: 'true', PAGE_CACHE_TTL_S: '120' } });
  const home = (host: string, cookie?: string) => {
    const req = request(harness.bff.app).get('/').set('Host', host).set('Accept-Encoding', 'identity');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it.each(WITH_DISMISSABLE_ALERT)(
    'sends the %s home page with and without the hideAlert cookie as the same public bytes',
    async (id) => {
      const host = MARKETS.find((m) => m.id === id)!.devHostname;
      const anonymous = await home(host);
      expect(anonymous.status).toBe(200);
      expect(anonymous.text).toMatch(/\sdata-alert-dismissable[\s=/>]/);
      await harness.bff.pageCache!.settled();
      const dismissed = await home(host, 'hideAlert=true; _ga=GA1.1.1');
      expect(dismissed.status).toBe(200);
      expect(dismissed.headers['cache-control']).toMatch(/^public, /);
      expect(dismissed.headers['x-cache']).toBe('hit');
      expect(dismissed.text).toBe(anonymous.text);
    },
  );
});

describe('a page rendered without the page cache ignores the hideAlert cookie too', () => {
  const harness = stackForThisFile({ bff: 'app', env: { PAGE_CACHE: 'false' } });

  it('renders the same HTML for a shopper who dismissed the alert', async () => {
    const get = (cookie?: string) => {
      const req = request(harness.bff.app).get('/').set('Host', 'uk.localhost');
      return cookie ? req.set('Cookie', cookie) : req;
    };
    const anonymous = await get();
    expect((await get('hideAlert=true')).text).toBe(anonymous.text);
  });
});
