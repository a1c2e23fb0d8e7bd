import type { Car, Site } from '../../contracts/upstream/search.js';
import { modelNameIn, variantIn } from './car-catalogue.js';
import { financeIn } from './car-finance.js';
import type { KitDocument } from './kits.js';
import { HOLIDAYS } from './sites.js';
import { KIT_PRODUCTS } from './kits.js';
import { DEPARTMENT_GROUPS, VOCABULARIES, inSentence, type VocabularyLanguage } from './vocabulary.js';

/**
 * The search documents of a market with two languages (Finland: Finnish and Swedish) in the other one, as
 * the real index has them: the texts a shopper reads (descriptions, equipment, seller titles, department,
 * holiday and kit names and categories, model names, the finance provider, place names: Turku is Åbo)
 * are translated word for word through the vocabularies, which list every word in the same order per
 * language. The car words the BFF translates itself (fuel, body, gearbox, drive, colour: `carValue.*`)
 * stay in the index's language.
 */

/** Place names as another language writes them (Finnish towns and regions in Swedish); a name not listed is the same. */
const PLACE_NAMES: Partial<Record<VocabularyLanguage, Readonly<Record<string, string>>>> = {
  sv: {
    Helsinki: 'Helsingfors',
    Espoo: 'Esbo',
    Vantaa: 'Vanda',
    Tampere: 'Tammerfors',
    Turku: 'Åbo',
    Oulu: 'Uleåborg',
    Lahti: 'Lahtis',
    Hämeenlinna: 'Tavastehus',
    Uusimaa: 'Nyland',
    Pirkanmaa: 'Birkaland',
    'Varsinais-Suomi': 'Egentliga Finland',
    'Pohjois-Pohjanmaa': 'Norra Österbotten',
    'Keski-Suomi': 'Mellersta Finland',
    'Päijät-Häme': 'Päijänne-Tavastland',
    'Pohjois-Savo': 'Norra Savolax',
    'Kanta-Häme': 'Egentliga Tavastland',
    Suomi: 'Finland',
  },
};

/** A text with every place name in it (a word of its own) as `to` writes it: 'Hedin Bil Turku' → 'Hedin Bil Åbo'. */
function placesIn(text: string, to: VocabularyLanguage): string {
  const names = PLACE_NAMES[to];
  return names
    ? text
        .split(' ')
        .map((word) => names[word] ?? word)
        .join(' ')
    : text;
}

const sameIndex = (from: readonly string[], to: readonly string[], word: string) => {
  const i = from.indexOf(word);
  return i < 0 ? word : (to[i] ?? word);
};

function title(text: string, from: VocabularyLanguage, to: VocabularyLanguage): string {
  const group = DEPARTMENT_GROUPS.find((g) => VOCABULARIES[from].department[g] === text);
  return group
    ? VOCABULARIES[to].department[group]
    : sameIndex(VOCABULARIES[from].sellerTitles, VOCABULARIES[to].sellerTitles, text);
}

/** The description's sentences, found by rendering each template with the car's own values, rendered again in `to`. */
function description(car: Car, from: VocabularyLanguage, to: VocabularyLanguage): string {
  const colour = (Object.keys(VOCABULARIES[from].color) as (keyof typeof VOCABULARIES.sv.color)[]).find(
    (c) => VOCABULARIES[from].color[c] === car.car_color,
  );
  const fill = (language: VocabularyLanguage, template: string) => {
    const v = VOCABULARIES[language];
    const equipment = car.car_equipment.map((e) => inSentence(sameIndex(VOCABULARIES[from].equipment, v.equipment, e)));
    const model =
      language === from
        ? `${car.car_model} ${car.car_variant}`
        : `${modelNameIn(car.car_model, from, language)} ${variantIn(car.car_variant, from, language)}`;
    const values: Record<string, string> = {
      brand: car.car_brand,
      model,
      year: String(car.car_year),
      city: language === from ? car.car_city : placesIn(car.car_city, language),
      color: colour ? v.describedColor[colour] : car.car_color,
      eq1: equipment[0] ?? '',
      eq2: equipment[1] ?? '',
    };
    return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  };
  const found = VOCABULARIES[from].descriptions
    .map((template, i) => ({ i, at: car.car_description.indexOf(fill(from, template)) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at);
  return found.map((s) => fill(to, VOCABULARIES[to].descriptions[s.i]!)).join(' ');
}

export function carIn(car: Car, from: VocabularyLanguage, to: VocabularyLanguage): Car {
  return {
    ...car,
    car_model: modelNameIn(car.car_model, from, to),
    car_variant: variantIn(car.car_variant, from, to),
    car_site_name: placesIn(car.car_site_name, to),
    car_city: placesIn(car.car_city, to),
    car_site_region: placesIn(car.car_site_region, to),
    ...financeIn(car, to),
    car_description: description(car, from, to),
    car_equipment: car.car_equipment.map((e) => sameIndex(VOCABULARIES[from].equipment, VOCABULARIES[to].equipment, e)),
    car_sellers: car.car_sellers.map((s) => ({
      ...s,
      title: s.title === undefined ? s.title : title(s.title, from, to),
    })),
  };
}

export function siteIn(site: Site, from: VocabularyLanguage, to: VocabularyLanguage): Site {
  const v = VOCABULARIES[to];
  const holidays = (name: string) =>
    sameIndex(
      HOLIDAYS[from].map((h) => h.name),
      HOLIDAYS[to].map((h) => h.name),
      name,
    );
  const departments = site.site_departments.map((d) => ({
    ...d,
    name: placesIn(
      d.name.replace(
        VOCABULARIES[from].department[d.group as keyof typeof v.department] ?? '',
        v.department[d.group as keyof typeof v.department] ?? '',
      ),
      to,
    ),
    users: d.users.map((u) => ({ ...u, title: u.title === undefined ? u.title : title(u.title, from, to) })),
    service_name: d.service_name.map((s) => sameIndex(VOCABULARIES[from].services, v.services, s)),
    vacation_days: d.vacation_days.map((day) => ({
      ...day,
      description: day.description === VOCABULARIES[from].summerClosure ? v.summerClosure : day.description,
    })),
    deviation_days: d.deviation_days.map((day) => ({
      ...day,
      description:
        day.description === undefined || day.description === null ? day.description : holidays(day.description),
    })),
  }));
  const name = placesIn(site.site_official_name, to);
  return {
    ...site,
    // The slug stays: a site's page has one address in every language.
    site_official_name: name,
    site_name: placesIn(site.site_name, to),
    site_city: placesIn(site.site_city, to),
    site_region: placesIn(site.site_region, to),
    site_country: placesIn(site.site_country, to),
    site_departments: departments,
    site_description: `${name}: ${departments.map((d) => v.department[d.group as keyof typeof v.department] ?? d.group).join(', ')}.`,
  };
}

export function kitIn(kit: KitDocument, from: VocabularyLanguage, to: VocabularyLanguage): KitDocument {
  const [product, rest] = kit.name.split(' – ');
  const models = (kit.models ?? []).map((m) => modelNameIn(m, from, to));
  return {
    ...kit,
    // 'Kattoboksi 420 l – BMW 3-sarja' → 'Takbox 420 l – BMW 3-serie'
    name:
      rest === undefined
        ? kit.name
        : `${sameIndex(KIT_PRODUCTS[from], KIT_PRODUCTS[to], product!)} – ${kit.brand} ${models[0] ?? ''}`.trimEnd(),
    models,
    description: VOCABULARIES[to].kitWords.description.replace(
      '{models}',
      models.map((m) => `${kit.brand} ${m}`).join(', '),
    ),
    // The kits page filters within this language's own index, so its category facet reads in the language too.
    category: sameIndex(VOCABULARIES[from].kitCategories, VOCABULARIES[to].kitCategories, kit.category),
  };
}
