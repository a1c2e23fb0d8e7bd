import type { Car, Site } from '../../contracts/upstream/search.js';
import type { KitDocument } from './kits.js';
import { HOLIDAYS } from './sites.js';
import { KIT_PRODUCTS } from './kits.js';
import { DEPARTMENT_GROUPS, VOCABULARIES, type VocabularyLanguage } from './vocabulary.js';

/**
 * The search documents of a market with two languages (Finland: Finnish and Swedish) in the other one: the
 * texts a shopper reads (descriptions, equipment, seller titles, department, holiday and kit names) are
 * translated word for word through the vocabularies, which list every word in the same order per language.
 * Term values that filters and facets use (fuel, body, colour, kit category...) stay in the index's language.
 */

const sameIndex = (from: readonly string[], to: readonly string[], word: string) => {
  const i = from.indexOf(word);
  return i < 0 ? word : (to[i] ?? word);
};

function title(text: string, from: VocabularyLanguage, to: VocabularyLanguage): string {
  const group = DEPARTMENT_GROUPS.find((g) => VOCABULARIES[from].department[g] === text);
  return group ? VOCABULARIES[to].department[group] : sameIndex(VOCABULARIES[from].sellerTitles, VOCABULARIES[to].sellerTitles, text);
}

/** The description's sentences, found by rendering each template with the car's own values, rendered again in `to`. */
function description(car: Car, from: VocabularyLanguage, to: VocabularyLanguage): string {
  const colour = (Object.keys(VOCABULARIES[from].color) as (keyof typeof VOCABULARIES.sv.color)[]).find((c) => VOCABULARIES[from].color[c] === car.car_color);
  const fill = (language: VocabularyLanguage, template: string) => {
    const v = VOCABULARIES[language];
    const equipment = car.car_equipment.map((e) => sameIndex(VOCABULARIES[from].equipment, v.equipment, e).toLowerCase());
    const values: Record<string, string> = {
      brand: car.car_brand, model: `${car.car_model} ${car.car_variant}`, year: String(car.car_year), city: car.car_city,
      color: colour ? v.color[colour].toLowerCase() : car.car_color, eq1: equipment[0] ?? '', eq2: equipment[1] ?? '',
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
    car_description: description(car, from, to),
    car_equipment: car.car_equipment.map((e) => sameIndex(VOCABULARIES[from].equipment, VOCABULARIES[to].equipment, e)),
    car_sellers: car.car_sellers.map((s) => ({ ...s, title: s.title === undefined ? s.title : title(s.title, from, to) })),
  };
}

export function siteIn(site: Site, from: VocabularyLanguage, to: VocabularyLanguage): Site {
  const v = VOCABULARIES[to];
  const holidays = (name: string) => sameIndex(HOLIDAYS[from].map((h) => h.name), HOLIDAYS[to].map((h) => h.name), name);
  const departments = site.site_departments.map((d) => ({
    ...d,
    name: d.name.replace(VOCABULARIES[from].department[d.group as keyof typeof v.department] ?? '', v.department[d.group as keyof typeof v.department] ?? ''),
    users: d.users.map((u) => ({ ...u, title: u.title === undefined ? u.title : title(u.title, from, to) })),
    service_name: d.service_name.map((s) => sameIndex(VOCABULARIES[from].services, v.services, s)),
    vacation_days: d.vacation_days.map((day) => ({ ...day, description: day.description === VOCABULARIES[from].summerClosure ? v.summerClosure : day.description })),
    deviation_days: d.deviation_days.map((day) => ({ ...day, description: day.description === undefined || day.description === null ? day.description : holidays(day.description) })),
  }));
  return {
    ...site,
    site_departments: departments,
    site_description: `${site.site_official_name}: ${departments.map((d) => v.department[d.group as keyof typeof v.department] ?? d.group).join(', ')}.`,
  };
}

export function kitIn(kit: KitDocument, from: VocabularyLanguage, to: VocabularyLanguage): KitDocument {
  const [product, rest] = kit.name.split(' – ');
  const models = (kit.models ?? []).map((m) => `${kit.brand} ${m}`).join(', ');
  return {
    ...kit,
    name: rest === undefined ? kit.name : `${sameIndex(KIT_PRODUCTS[from], KIT_PRODUCTS[to], product!)} – ${rest}`,
    description: VOCABULARIES[to].kitWords.description.replace('{models}', models),
    // The kits page filters within this language's own index, so its category facet reads in the language too.
    category: sameIndex(VOCABULARIES[from].kitCategories, VOCABULARIES[to].kitCategories, kit.category),
  };
}
