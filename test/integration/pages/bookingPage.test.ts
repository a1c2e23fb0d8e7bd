import { jest } from '@jest/globals';
import request from 'supertest';
import { sharedStackForThisFile } from '../../support/slotStacks.js';

jest.setTimeout(30_000);
const harness = sharedStackForThisFile();

const BOOKING = '/service-och-verkstad/boka-service';
const get = (path: string, host = 'se.localhost') => request(harness.bff.app).get(path).set('Host', host);
/** The island's props as the page wrote them next to its server HTML. */
const islandProps = (html: string) =>
  JSON.parse(/<script type="application\/json" id="[^"]+-props">(.*?)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe('the service booking page (se)', () => {
  it('renders the booking island with the intro and step 1 on the server, and its script', async () => {
    const res = await get(BOOKING);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-island="booking"');
    expect(res.text).toMatch(/<h1[^>]*>Boka service<\/h1>/);
    expect(res.text).toContain('placeholder="ABC 123"');
    expect(res.text).toContain('Använd min plats');
    expect(res.text).toMatch(/<script type="module" src="\/assets\/island-booking-[^"]+\.js"/);
    const props = islandProps(res.text);
    expect(props.prefill).toBeNull();
    expect((props.content as { brandLinks: { brand: string }[] }).brandLinks.map((b) => b.brand)).toEqual([
      'BMW',
      'MINI',
      'Porsche',
      'IVECO',
    ]);
    expect((props.content as { brandLogos: unknown[] }).brandLogos.length).toBe(32);
    expect((props.texts as Record<string, string>)['booking.confirmed']).toBe('Bokning bekräftad');
  });

  it('takes ?lat=&lng= as the place prefill and ignores anything else', async () => {
    expect(islandProps((await get(`${BOOKING}?lat=59.33&lng=18.07`)).text).prefill).toEqual({ lat: 59.33, lng: 18.07 });
    expect(islandProps((await get(`${BOOKING}?lat=100&lng=x`)).text).prefill).toBeNull();
  });

  it('the old booking paths answer 301 to it, and it redirects nowhere', async () => {
    for (const old of ['/boka-service', '/service-och-verkstad/boka-verkstadstid']) {
      const res = await get(old);
      expect([res.status, res.headers.location]).toEqual([301, BOOKING]);
    }
  });

  it('the sandbox media service draws the category icons and the intro logos', async () => {
    const media = (path: string) => fetch(`${harness.sandbox.url}/media${path}`);
    const icon = await media('/icons/tire.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg [^>]*currentColor/);
    expect((await media('/icons/nope.svg')).status).toBe(404);
    expect((await media('/brands/land-rover.svg')).status).toBe(200);
  });
});
