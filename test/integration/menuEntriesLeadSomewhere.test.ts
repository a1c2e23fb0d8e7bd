import { jest } from '@jest/globals';
import request from 'supertest';
import { MARKETS } from '../../markets/registry.js';
import type { Language, Market } from '../../markets/schema.js';
import { CONTENT_TEXTS } from '../../sandbox/data/content/texts.js';
import { SELL_CAR_PATHS } from '../../sandbox/data/content/leadFormPages.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

jest.setTimeout(120_000);
const harness = sharedStackForThisFile();

const decode = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const hrefsIn = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => decode(m[1]!));
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

/** A flow: an island that books, finds a tire-hotel agreement or sends a request to a workshop or a dealer. */
const FLOW = /data-island="(booking|tirehotel|serviceRequest|sellCar)"/;
/** The workshops that do the job, each with a phone to call (site cards). */
const WORKSHOPS = /class="site-selection"[\s\S]*class="site-card__phone"[\s\S]*href="tel:/;

/**
 * Filler, as the sandbox makes it: the content template every menu page starts as
 * (sandbox/data/content/pages.ts), its hero text the template lead written for no page in particular
 * ('Däckhotell: det du behöver veta, från första frågan till färdig affär.') above a rotating line-up of
 * generic blocks; or any page with neither a flow nor the workshops that do the job.
 */
function isFiller(html: string, language: Language, name: string): boolean {
  const main = decode(mainOf(html));
  return (
    main.includes(CONTENT_TEXTS[language].pageLead.replace('{label}', name)) ||
    !(FLOW.test(main) || WORKSHOPS.test(main))
  );
}

const sides = MARKETS.flatMap((market) =>
  market.languages.map(
    (language, i) => [`${market.id}/${language}`, market, language, i === 0 ? '' : `/${language}`] as const,
  ),
);

describe('every menu entry of every market leads somewhere', () => {
  it.each(sides)(
    '%s: every entry answers 200, and the service entries and sell-car end on a flow or the workshops that do it',
    async (_side, market: Market, language: Language, prefix: string) => {
      const get = (path: string) => request(harness.bff.app).get(path).set('Host', market.devHostname).redirects(5);
      const home = await get(prefix || '/');
      expect(home.status).toBe(200);
      const nav = /<nav class="main-nav"[\s\S]*?<\/nav>/.exec(home.text)?.[0] ?? '';
      const entries = [...new Set(hrefsIn(nav))];
      expect(entries.length).toBeGreaterThan(15);

      const internal = entries.filter((href) => href.startsWith('/'));
      const answers = await Promise.all(internal.map(async (href) => ({ href, res: await get(href) })));
      expect(answers.filter((a) => a.res.status !== 200).map((a) => `${a.href} ${a.res.status}`)).toEqual([]);

      // The entries that name something a shopper does: the service section's (not its overview) and sell-car.
      const servicePanel = new RegExp(`id="panel-${market.id}-service"[^>]*>([\\s\\S]*?)</div>`).exec(nav)?.[1] ?? '';
      const overview = /class="mega-panel__all"[\s\S]*?<\/p>/.exec(servicePanel)?.[0] ?? '';
      const tasks = [...hrefsIn(servicePanel.replace(overview, '')), `${prefix}${SELL_CAR_PATHS[market.id]}`];
      expect(tasks.length).toBeGreaterThanOrEqual(5);
      const names = new Map(
        [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [decode(m[1]!), decode(m[2]!)]),
      );
      const filler = tasks.filter((href) => {
        const answer = answers.find((a) => a.href === href);
        return !answer || isFiller(answer.res.text, language, names.get(href) ?? '');
      });
      expect(filler).toEqual([]);
    },
  );
});
