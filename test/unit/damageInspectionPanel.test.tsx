import { renderToStaticMarkup } from 'react-dom/server';
import { DamageInspectionPanel } from '../../client/islands/booking/BookingIntro.js';
import type { BookingTexts } from '../../client/islands/booking/bookingTexts.js';
import { bookingPageContent } from '../../sandbox/data/content/bookingPage.js';
import { sv } from '../../markets/translations/sv.js';

const texts = Object.fromEntries(Object.entries(sv).filter(([k]) => k.startsWith('booking.'))) as BookingTexts;
const panel = (url: string | null) =>
  renderToStaticMarkup(<DamageInspectionPanel content={bookingPageContent(url)} texts={texts} />);
const links = (html: string) => [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);

describe('the booking page’s damage inspection link', () => {
  it('a page of the site opens in place', () => {
    expect(links(panel('/service-och-verkstad/skadeverkstad'))).toEqual([
      '<a href="/service-och-verkstad/skadeverkstad">',
    ]);
  });

  it('another site opens in a new tab, and says so', () => {
    const html = panel('https://www.example.com/skador');
    expect(links(html)).toEqual([
      '<a href="https://www.example.com/skador" target="_blank" rel="noopener noreferrer">',
    ]);
    expect(html).toContain(texts['booking.opensInNewWindow']);
  });

  it('a market with nowhere to book it shows the text without a link; a protocol-relative URL is another site', () => {
    const html = panel(null);
    expect(html).toContain(texts['booking.damageText']);
    expect(links(html)).toEqual([]);
    expect(links(panel('//elsewhere.test/x'))[0]).toContain('target="_blank"');
  });
});
