import type { Faker } from '@faker-js/faker';
import type { Site, SiteDepartment } from '../../contracts/upstream/search.js';
import { CAR_CATALOGUE, MARKET_BRANDS } from './car-catalogue.js';
import { MARKET_PROFILES, type MarketProfile } from './market-profiles.js';
import { NAMED_SITES } from './namedSites.js';
import { photoUrl } from './pictures.js';
import { isoDay, seededFaker, slugify } from './random.js';
import { VOCABULARIES, type DepartmentGroup, type VocabularyLanguage } from './vocabulary.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
type Hours = [string, string] | null;

/** Usual hours per group: weekdays, Saturday, Sunday. */
const GROUP_HOURS: Record<DepartmentGroup, [Hours, Hours, Hours]> = {
  Sales: [['09:00', '18:00'], ['10:00', '15:00'], null],
  'Used cars': [
    ['09:00', '18:00'],
    ['10:00', '15:00'],
    ['11:00', '15:00'],
  ],
  Workshop: [['07:00', '17:00'], null, null],
  Tires: [['07:00', '16:00'], ['09:00', '13:00'], null],
  Parts: [['07:30', '16:30'], null, null],
  Damage: [['07:00', '16:00'], null, null],
};

/** Holiday eves with short or no hours, as month-day, per language. */
export const HOLIDAYS: Record<VocabularyLanguage, { day: string; name: string; hours: Hours }[]> = {
  sv: [
    { day: '12-24', name: 'Julafton', hours: null },
    { day: '12-31', name: 'Nyårsafton', hours: ['10:00', '13:00'] },
    { day: '06-19', name: 'Midsommarafton', hours: null },
    { day: '04-30', name: 'Valborgsmässoafton', hours: ['09:00', '14:00'] },
  ],
  fi: [
    { day: '12-24', name: 'Jouluaatto', hours: null },
    { day: '12-31', name: 'Uudenvuodenaatto', hours: ['10:00', '14:00'] },
    { day: '06-19', name: 'Juhannusaatto', hours: null },
    { day: '04-30', name: 'Vappuaatto', hours: ['09:00', '15:00'] },
  ],
  nb: [
    { day: '12-24', name: 'Julaften', hours: null },
    { day: '12-31', name: 'Nyttårsaften', hours: ['10:00', '13:00'] },
    { day: '05-16', name: 'Dagen før 17. mai', hours: ['09:00', '15:00'] },
  ],
  sk: [
    { day: '12-24', name: 'Štedrý deň', hours: null },
    { day: '12-31', name: 'Silvester', hours: ['09:00', '12:00'] },
    { day: '08-28', name: 'Inventúra', hours: null },
  ],
  en: [
    { day: '12-24', name: 'Christmas Eve', hours: ['09:00', '13:00'] },
    { day: '12-27', name: 'Between Christmas and New Year', hours: ['10:00', '15:00'] },
    { day: '12-31', name: "New Year's Eve", hours: ['09:00', '13:00'] },
  ],
};

/** What every department of a group offers, by the names the markets' links filter on (`?site_departments.service_name=Verkstad`). */
const DEPARTMENT_SERVICES: Partial<Record<VocabularyLanguage, Partial<Record<DepartmentGroup, string[]>>>> = {
  sv: { Workshop: ['Verkstad'], Tires: ['Däckverkstad'], Damage: ['Skadeverkstad', 'Lackering'] },
  nb: { Workshop: ['Verksted'], Damage: ['Skadeverksted'] },
  sk: { Damage: ['Karosárske práce'] },
};

function openingHours(group: DepartmentGroup) {
  const [weekday, saturday, sunday] = GROUP_HOURS[group];
  return WEEKDAYS.map((day, i) => {
    const hours = i < 5 ? weekday : i === 5 ? saturday : sunday;
    return { day, closed: hours === null, opens: hours?.[0] ?? null, closes: hours?.[1] ?? null };
  });
}

/** Upcoming holiday eves within a year of the anchor, so the site page always has some to show. */
function deviationDays(language: VocabularyLanguage, anchor: Date) {
  const year = anchor.getUTCFullYear();
  const today = isoDay(anchor);
  return HOLIDAYS[language]
    .flatMap((h) => [`${year}-${h.day}`, `${year + 1}-${h.day}`].map((date) => ({ date, h })))
    .filter(({ date }) => date >= today && date < `${year + 1}${today.slice(4)}`)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, h }) => ({
      date,
      closed: h.hours === null,
      opens: h.hours?.[0] ?? null,
      closes: h.hours?.[1] ?? null,
      description: h.name,
    }));
}

function departmentGroups(profile: MarketProfile, faker: Faker): DepartmentGroup[] {
  const swedish = profile.id === 'se' || profile.id === 'se-used';
  const groups: DepartmentGroup[] = [profile.usedOnly ? 'Used cars' : 'Sales'];
  if (swedish || faker.datatype.boolean(0.8)) groups.push('Workshop');
  if (swedish || faker.datatype.boolean(0.5)) groups.push('Tires');
  if (!profile.usedOnly && faker.datatype.boolean(0.4)) groups.push('Used cars');
  if (faker.datatype.boolean(0.4)) groups.push('Parts');
  if (faker.datatype.boolean(0.3)) groups.push('Damage');
  return groups;
}

/**
 * Postcodes as each country writes them, in the town's own range: '119 27' (Sweden, Slovakia), '00692' (Finland),
 * '4631' (Norway), 'CV3 0CL' (the UK). The same digits are drawn as always, so the rest of the seeded data stays as
 * it was; a town's precise start (`zipStart`, `zipDistricts`) overrides the first of them.
 */
function postcode(
  profile: MarketProfile,
  city: MarketProfile['cities'][number],
  digits: (n: number) => string,
  faker: Faker,
): string {
  if (profile.id === 'uk') {
    const drawn = faker.number.int({ min: 1, max: 28 });
    const district = city.zipDistricts ? city.zipDistricts[(drawn - 1) % city.zipDistricts.length]! : drawn;
    return `${city.zipPrefix}${district} ${digits(1)}${faker.string.alpha({ length: 2, casing: 'upper' })}`;
  }
  // Always five digits drawn, so the rest of the seeded data stays as it was; Norway keeps four.
  const drawn = `${city.zipPrefix}${digits(5 - city.zipPrefix.length)}`;
  const start = city.zipStart ?? '';
  const code = `${start}${drawn.slice(start.length)}`;
  if (profile.id === 'no') return code.slice(0, 4);
  return profile.id === 'fi' ? code : `${code.slice(0, 3)} ${code.slice(3)}`;
}

/** A street address: the house number after the street, except in the UK ('41 Veum Fold'). */
function streetAddress(profile: MarketProfile, street: string, number: number): string {
  return profile.id === 'uk' ? `${number} ${street}` : `${street} ${number}`;
}

/**
 * A brand the market sells that no drawn site carries goes to the multi-brand site with the fewest brands
 * (its departments too), so every car is sold at a dealer of its brand.
 */
function coverEveryBrand(sites: Site[], marketBrands: readonly string[]): Site[] {
  const multiBrand = sites.filter((s) => s.site_brands.length > 2);
  for (const brand of marketBrands) {
    if (multiBrand.length === 0 || sites.some((s) => s.site_brands.includes(brand))) continue;
    const target = multiBrand.reduce((a, b) => (b.site_brands.length < a.site_brands.length ? b : a));
    target.site_brands = [...target.site_brands, brand];
    for (const d of target.site_departments) if (d.brands.length > 0) d.brands = [...d.brands, { name: brand }];
  }
  return sites;
}

function generateMarketSites(seed: number, profile: MarketProfile, anchor: Date, firstId: number): Site[] {
  const faker = seededFaker(seed, profile.language, `sites-${profile.id}`);
  const vocabulary = VOCABULARIES[profile.language];
  const marketBrands = MARKET_BRANDS[profile.id] ?? [...new Set(CAR_CATALOGUE.map((c) => c.brand))];
  const digits = (n: number) => faker.string.numeric({ length: n, allowLeadingZeros: true });
  const names = new Set<string>();

  return coverEveryBrand(
    Array.from({ length: profile.siteCount }, (_, i): Site => {
      const city = profile.cities[i % profile.cities.length]!;
      const drawn = profile.usedOnly ? [] : faker.helpers.arrayElements(marketBrands, { min: 1, max: 4 });
      const named = NAMED_SITES[profile.id]?.[i];
      const brands = named?.brands ?? drawn;
      // The first brand names the site, as dealer sites usually are ('Hedin BMW Malmö'); a second site in a city gets its district.
      let name = profile.usedOnly
        ? `Begagnat.se ${city.name}`
        : `Hedin ${brands.length > 2 ? profile.multiBrandName : brands[0]} ${city.name}`;
      if (names.has(name)) name = `${name} ${faker.location.street().split(' ')[0]}`;
      names.add(name);
      if (named) name = named.name;
      const siteId = String(firstId + i);
      const slug = slugify(name);
      const email = `${slug}@${profile.emailDomain}`;
      const year = anchor.getUTCFullYear();

      const departments: SiteDepartment[] = departmentGroups(profile, faker).map((group, d) => ({
        department_id: `${siteId}${String(d + 1).padStart(2, '0')}`,
        name: `${vocabulary.department[group]} ${city.name}`,
        group,
        brands: (group === 'Used cars' || profile.usedOnly ? [] : brands).map((b) => ({ name: b })),
        service_name:
          group === 'Workshop' || group === 'Tires' || group === 'Damage'
            ? [
                ...(DEPARTMENT_SERVICES[profile.language]?.[group] ?? []),
                ...faker.helpers.arrayElements(vocabulary.services, { min: 3, max: 6 }),
              ]
            : [],
        users: Array.from({ length: faker.number.int({ min: 1, max: 4 }) }, (_, u) => {
          const first = faker.person.firstName();
          const last = faker.person.lastName();
          return {
            name: `${first} ${last}`,
            title:
              group === 'Sales' || group === 'Used cars'
                ? faker.helpers.arrayElement(vocabulary.sellerTitles)
                : vocabulary.department[group],
            email: `${slugify(first)}.${slugify(last)}@${profile.emailDomain}`,
            phone: profile.phone(digits),
            image_url: photoUrl({ kind: 'person', key: `${siteId}-${d}-${u}` }),
          };
        }),
        email: `${slugify(vocabulary.department[group])}.${slug}@${profile.emailDomain}`,
        phone: profile.phone(digits),
        opening_hours: openingHours(group),
        vacation_days:
          group === 'Workshop' && faker.datatype.boolean(0.4)
            ? [{ from: `${year}-07-13`, to: `${year}-07-26`, description: vocabulary.summerClosure }]
            : [],
        deviation_days: deviationDays(profile.language, anchor),
      }));

      return {
        site_id: siteId,
        slug,
        site_market: profile.id,
        site_official_name: name,
        site_name: city.name,
        site_street: streetAddress(profile, faker.location.street(), faker.number.int({ min: 1, max: 120 })),
        site_zip: postcode(profile, city, digits, faker),
        site_city: city.name,
        site_region: city.region,
        site_country: profile.country,
        site_phone: profile.phone(digits),
        site_email: email,
        site_geocoord: {
          lat: Number((city.lat + faker.number.float({ min: -0.05, max: 0.05 })).toFixed(5)),
          lng: Number((city.lng + faker.number.float({ min: -0.08, max: 0.08 })).toFixed(5)),
        },
        site_brands: brands,
        site_departments: departments,
        site_image_url: photoUrl({ kind: 'site', siteId, name }),
        site_description: `${name}: ${departments.map((d) => vocabulary.department[d.group]).join(', ')}.`,
      };
    }),
    profile.usedOnly ? [] : marketBrands,
  );
}

/** Every market's sites; ids are numeric strings unique across markets (se 101…, se-used 201…). */
export function generateSites(seed: number, anchor: Date): Map<string, Site[]> {
  return new Map(
    MARKET_PROFILES.map((profile, m) => [profile.id, generateMarketSites(seed, profile, anchor, (m + 1) * 100 + 1)]),
  );
}
