import type { Language } from '../../../markets/schema.js';
import type { ContentPage } from '../../../contracts/upstream/content.js';
import * as block from './blocks.js';
import type { BlockContext } from './blocks.js';
import type { PageProvider } from './pageShell.js';
import { CONTENT_TEXTS } from './texts.js';

/**
 * The service menu's tasks (book service, tires, tire hotel, wheel change, damage repair) on a market without
 * the task's own flow: a page that says how to get it done and lists the market's workshops that do it
 * (cards with address and phone, each linking to its site page), its hero linking to the booking where
 * the market has one, else to the site list of those workshops. Where the market has the flow
 * (booking, tire hotel: part 2 §1; the Norwegian service request form: §2.3), that page is the flow's
 * (bookingPage.ts, tireHotelPage.ts, leadFormPages.ts). No service entry ends on the content template.
 */
export const SERVICE_TASKS = ['bookService', 'tires', 'tireHotel', 'wheelChange', 'damage'] as const;
type ServiceTask = (typeof SERVICE_TASKS)[number];

/** The site index's service word of each task, per language (sandbox/data/vocabulary.ts `services`); none: every workshop. */
const TASK_SERVICE: Record<Language, Partial<Record<ServiceTask, string>>> = {
  sv: { tires: 'Däckbyte', tireHotel: 'Däckhotell', wheelChange: 'Däckbyte', damage: 'Reparation' },
  fi: { tires: 'Rengasvaihto', tireHotel: 'Rengashotelli', wheelChange: 'Rengasvaihto', damage: 'Korjaus' },
  nb: { tires: 'Hjulskift', tireHotel: 'Dekkhotell', wheelChange: 'Hjulskift', damage: 'Reparasjon' },
  sk: {
    tires: 'Prezutie pneumatík',
    tireHotel: 'Uskladnenie pneumatík',
    wheelChange: 'Prezutie pneumatík',
    damage: 'Oprava',
  },
  // British workshops store tyres where they change them.
  en: { tires: 'Tyre change', tireHotel: 'Tyre change', wheelChange: 'Tyre change', damage: 'Repairs' },
};

interface TaskTexts {
  leads: Record<ServiceTask, string>;
  workshops: string;
}
const TASK_TEXTS: Record<Language, TaskTexts> = {
  sv: {
    leads: {
      bookService: 'Välj en verkstad nedan och ring eller mejla den, så bokar vi en tid för service som passar dig.',
      tires: 'Nya däck, hjulskifte och förvaring: verkstäderna nedan hjälper dig. Ring eller mejla den närmaste.',
      tireHotel:
        'Förvara dina däck hos oss: verkstäderna nedan har däckhotell. Kontakta den närmaste så ordnar vi plats och hjulskifte.',
      wheelChange: 'Verkstäderna nedan byter hjul. Ring eller mejla den närmaste för en tid.',
      damage:
        'Har bilen fått en skada? Verkstäderna nedan reparerar den. Kontakta den närmaste så bokar vi en besiktning av skadan.',
    },
    workshops: 'Verkstäder som hjälper dig',
  },
  fi: {
    leads: {
      bookService: 'Valitse korjaamo alta ja soita tai lähetä sähköpostia, niin sovimme sinulle sopivan huoltoajan.',
      tires:
        'Uudet renkaat, rengasvaihto ja säilytys: alla olevat korjaamot auttavat. Soita tai lähetä sähköpostia lähimpään.',
      tireHotel:
        'Säilytä renkaasi meillä: alla olevissa korjaamoissa on rengashotelli. Ota yhteyttä lähimpään, niin järjestämme paikan ja rengasvaihdon.',
      wheelChange: 'Alla olevat korjaamot vaihtavat renkaat. Soita tai lähetä sähköpostia lähimpään ja varaa aika.',
      damage:
        'Sattuiko vahinko? Alla olevat korjaamot korjaavat sen. Ota yhteyttä lähimpään, niin sovimme vahingon tarkastuksen.',
    },
    workshops: 'Korjaamot, jotka auttavat',
  },
  nb: {
    leads: {
      bookService: 'Velg et verksted nedenfor og ring eller send e-post, så finner vi en servicetime som passer deg.',
      tires:
        'Nye dekk, hjulskift og oppbevaring: verkstedene nedenfor hjelper deg. Ring eller send e-post til det nærmeste.',
      tireHotel:
        'Oppbevar dekkene hos oss: verkstedene nedenfor har dekkhotell. Kontakt det nærmeste, så ordner vi plass og hjulskift.',
      wheelChange: 'Verkstedene nedenfor skifter hjul. Ring eller send e-post til det nærmeste for en time.',
      damage:
        'Har bilen fått en skade? Verkstedene nedenfor reparerer den. Kontakt det nærmeste, så avtaler vi en skadetakst.',
    },
    workshops: 'Verksteder som hjelper deg',
  },
  sk: {
    leads: {
      bookService:
        'Vyberte si servis nižšie a zavolajte alebo napíšte e-mail, dohodneme termín servisu, ktorý vám vyhovuje.',
      tires:
        'Nové pneumatiky, prezutie aj uskladnenie: servisy nižšie vám pomôžu. Zavolajte alebo napíšte najbližšiemu.',
      tireHotel:
        'Uskladnite pneumatiky u nás: servisy nižšie ich uskladňujú. Kontaktujte najbližší a pripravíme miesto aj prezutie.',
      wheelChange: 'Servisy nižšie prezúvajú pneumatiky. Zavolajte alebo napíšte najbližšiemu a dohodnite si termín.',
      damage: 'Poškodené auto? Servisy nižšie ho opravia. Kontaktujte najbližší a dohodneme obhliadku poškodenia.',
    },
    workshops: 'Servisy, ktoré vám pomôžu',
  },
  en: {
    leads: {
      bookService:
        'Choose a workshop below and call or email it, and we will book a service or MOT at a time that suits you.',
      tires: 'New tyres, wheel changes and storage: the workshops below can help. Call or email your nearest.',
      tireHotel:
        'Store your tyres with us: the workshops below keep them between seasons. Contact your nearest to arrange storage and the change.',
      wheelChange: 'The workshops below change wheels and tyres. Call or email your nearest to book a time.',
      damage:
        'Has your car been damaged? The workshops below repair it. Contact your nearest to arrange an inspection of the damage.',
    },
    workshops: 'Workshops that can help',
  },
};

/** Whether the market has the task's own flow (then the flow's provider makes the page). */
function hasFlow(ctx: Pick<BlockContext, 'market'>, task: ServiceTask): boolean {
  const { features } = ctx.market;
  return (
    features.serviceRequestForm ||
    (task === 'bookService' && features.booking) ||
    (task === 'tireHotel' && features.tireHotel)
  );
}

export const servicePages: PageProvider = (input, built) => {
  const texts = CONTENT_TEXTS[input.language];
  const taskTexts = TASK_TEXTS[input.language];
  return SERVICE_TASKS.flatMap((task): ContentPage[] => {
    const path = input.tree.pathByKey.get(task);
    const page = path === undefined ? undefined : built.get(path);
    if (!path || !page || hasFlow(input, task)) return [];
    const ctx: BlockContext = { ...input, texts, pageId: `${input.market.id}-${task}-${input.language}` };
    const service = TASK_SERVICE[input.language][task];
    const filters = [
      { field: 'site_departments.group', values: ['Workshop'] },
      ...(service ? [{ field: 'site_departments.service_name', values: [service] }] : []),
    ];
    const siteList = `${input.market.paths.siteDetail}${service ? `?${new URLSearchParams({ 'site_departments.service_name': service })}` : ''}`;
    const bookingPath = input.market.features.booking ? input.tree.pathByKey.get('bookService') : undefined;
    const name = texts.nav[task].label;
    const hero = {
      ...block.hero(ctx, name, taskTexts.leads[task], 'medium', false),
      link: bookingPath
        ? { text: texts.nav.bookService.label, url: bookingPath, external: false }
        : { text: taskTexts.workshops, url: siteList, external: false },
    };
    const workshops = { ...block.siteSelection(ctx), title: taskTexts.workshops, filters, limit: 100, link: null };
    return [{ ...page, metaDescription: taskTexts.leads[task], blocks: [hero, workshops, block.share(ctx)] }];
  });
};
