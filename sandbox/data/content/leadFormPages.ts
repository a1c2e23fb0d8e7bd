import type { Language, MarketId } from '../../../markets/schema.js';
import type { ContentBlock, ContentPage } from '../../../contracts/upstream/content.js';
import { MOTORCYCLE_DEALER_SITE_ID } from '../motorcycleDealer.js';
import { pageShell, type PageInput } from './pageShell.js';
import { SERVICE_TASKS } from './servicePages.js';

/**
 * The lead-form pages (issue 14): a sell-car page in every market, at the path that market's redirect
 * table sends old sell-car links to (markets without such rules get their own-language path); the short
 * sell-car variant on the Swedish trade-in page; the Norwegian service pages' service request ('Bestill
 * service', 'Dekk', 'Dekkhotell', 'Hjulskift', 'Skadesenter') and the motorcycle workshop page (type 'mc').
 */
export const SELL_CAR_PATHS: Readonly<Record<MarketId, string>> = {
  se: '/salj-bil',
  'se-used': '/salj-bil',
  fi: '/myy-autosi',
  no: '/selg-bil',
  sk: '/predat-auto',
  uk: '/sell-car',
};
/** The Swedish trade-in page with the short form. */
export const SELL_CAR_SHORT_PATH = '/salj-bil/inbyte';

interface SellCarTexts {
  page: string;
  title: string;
  text: string;
}
const SELL_CAR_TEXTS: Record<Language, SellCarTexts> = {
  sv: {
    page: 'Sälj din bil',
    title: 'Sälj eller byt in din bil',
    text: 'Fyll i uppgifterna om din bil så återkommer vi med ett erbjudande.',
  },
  fi: {
    page: 'Myy autosi',
    title: 'Myy tai vaihda autosi',
    text: 'Täytä autosi tiedot, niin teemme sinulle tarjouksen.',
  },
  nb: {
    page: 'Selg bilen din',
    title: 'Selg eller bytt inn bilen din',
    text: 'Fyll inn opplysningene om bilen din, så kommer vi tilbake med et tilbud.',
  },
  sk: {
    page: 'Predajte auto',
    title: 'Predajte alebo vymeňte svoje auto',
    text: 'Vyplňte údaje o svojom aute a my vám pošleme ponuku.',
  },
  en: {
    page: 'Sell your car',
    title: 'Sell or part-exchange your car',
    text: 'Tell us about your car and we will come back with an offer.',
  },
};
const SHORT_TEXTS = {
  page: 'Byt in din bil',
  title: 'Byt in din bil',
  text: 'Lämna dina kontaktuppgifter så ringer vi upp och berättar vad din bil är värd.',
};
const SERVICE_TEXTS = {
  title: 'Send oss en forespørsel',
  text: 'Fyll ut skjemaet, så tar verkstedet kontakt for å bekrefte tiden.',
};
const MC_TEXTS = {
  page: 'MC-verksted',
  title: 'Bestill service på motorsykkelen',
  text: 'Vårt MC-verksted tar imot service, deler og andre henvendelser.',
};

const formPage = (shell: Omit<ContentPage, 'blocks'>, blocks: ContentBlock[]): ContentPage => ({ ...shell, blocks });

export function leadFormPages(input: PageInput, built: ReadonlyMap<string, ContentPage>): ContentPage[] {
  const pages = new Map<string, ContentPage>();
  const { market, language, tree } = input;
  const pageId = (key: string) => `${market.id}-${key}-${language}`;

  const sell = SELL_CAR_TEXTS[language];
  const sellPath = SELL_CAR_PATHS[market.id];
  pages.set(
    sellPath,
    formPage(pageShell(input, `${market.id}-sell-car`, sellPath, sell.page, 'content', []), [
      { id: `${pageId('sell-car')}-form`, published: true, type: 'sellCarForm', title: sell.title, text: sell.text },
    ]),
  );

  if (market.id === 'se') {
    const shell = pageShell(input, `${market.id}-trade-in`, SELL_CAR_SHORT_PATH, SHORT_TEXTS.page, 'content', []);
    const breadcrumbs = [
      shell.breadcrumbs[0]!,
      { name: sell.page, path: sellPath },
      { name: SHORT_TEXTS.page, path: SELL_CAR_SHORT_PATH },
    ];
    pages.set(
      SELL_CAR_SHORT_PATH,
      formPage({ ...shell, breadcrumbs }, [
        {
          id: `${pageId('trade-in')}-form`,
          published: true,
          type: 'sellCarShortForm',
          title: SHORT_TEXTS.title,
          text: SHORT_TEXTS.text,
        },
      ]),
    );
  }

  if (!market.features.serviceRequestForm) return [...pages.values()];
  const serviceRequest = (key: string, title: string, text: string): ContentBlock => ({
    id: `${pageId(key)}-service-request`,
    published: true,
    type: 'serviceRequestForm',
    title,
    text,
    motorcycleDealerSiteId: MOTORCYCLE_DEALER_SITE_ID,
  });
  // The service menu's pages ('Bestill service', 'Dekk', 'Dekkhotell', 'Hjulskift', 'Skadesenter') keep their
  // hero; the form, whose service types name each of them, replaces the generic blocks.
  for (const task of SERVICE_TASKS) {
    const path = tree.pathByKey.get(task);
    const page = path ? built.get(path) : undefined;
    if (!path || !page) continue;
    // The hero names the page; the form says what to do (the template's lead and car-search link would not).
    const hero = page.blocks.flatMap((block) => (block.type === 'hero' ? [{ ...block, text: null, link: null }] : []));
    pages.set(path, {
      ...page,
      metaDescription: SERVICE_TEXTS.text,
      blocks: [
        ...hero,
        serviceRequest(task === 'bookService' ? 'book-service' : task, SERVICE_TEXTS.title, SERVICE_TEXTS.text),
      ],
    });
  }
  // The navigation's motorcycle workshop page (markets with the service request form) gets its form.
  const mcPath = tree.pathByKey.get('mcWorkshop');
  if (mcPath)
    pages.set(
      mcPath,
      formPage(pageShell(input, `${market.id}-mc`, mcPath, MC_TEXTS.page, 'mc', ['service']), [
        serviceRequest('mc', MC_TEXTS.title, MC_TEXTS.text),
      ]),
    );
  return [...pages.values()];
}
