import type { MarketId } from '../../markets/schema.js';

/**
 * Sites with the names (so the slugs) the markets' redirect tables and old links point at, by position
 * in the market's generated list (its city): 'Hedin Automotive Kungens Kurva' is /anlaggningar/hedin-automotive-kungens-kurva
 * whatever the seed. `brands` replaces the drawn brands where the name promises one (a Porsche centre sells Porsche).
 */
export interface NamedSite {
  name: string;
  brands?: string[];
}

export const NAMED_SITES: Partial<Record<MarketId, Partial<Record<number, NamedSite>>>> = {
  se: {
    0: { name: 'Hedin Automotive Kungens Kurva' },
    2: { name: 'Hedin Automotive Malmö' },
    4: { name: 'Hedin Automotive Västerås' },
    10: { name: 'Porsche Umeå', brands: ['Porsche'] },
    12: { name: 'Hedin Automotive Sundsvall' },
  },
  fi: {
    0: { name: 'Hedin Bil Helsinki' },
    1: { name: 'Hedin Bil Espoo' },
    2: { name: 'Hedin Bil Vantaa' },
    3: { name: 'Hedin Bil Tampere' },
    4: { name: 'Hedin Bil Turku' },
  },
  no: {
    0: { name: 'Hedin Bil Oslo' },
    1: { name: 'Hedin Bil Bergen' },
    2: { name: 'Hedin Bil Trondheim' },
    3: { name: 'Hedin Bil Stavanger' },
    4: { name: 'Hedin Bil Drammen' },
  },
  sk: {
    0: { name: 'Hedin Automotive Bratislava' },
    1: { name: 'Hedin Automotive Košice' },
    2: { name: 'Hedin Automotive Žilina' },
  },
  // The UK group's franchised dealerships (the market profile lists their towns in this order).
  uk: Object.fromEntries(
    [
      ['Audi Coventry', 'Audi'],
      ['BMW Hull', 'BMW'],
      ['BYD Manchester', 'BYD'],
      ['Cupra Harrogate', 'Cupra'],
      ['Ford Sheffield', 'Ford'],
      ['Hyundai York', 'Hyundai'],
      ['Kia York', 'Kia'],
      ['Land Rover Doncaster', 'Land Rover'],
      ['Mercedes-Benz Leeds', 'Mercedes-Benz'],
      ['Mercedes-Benz Vans Leeds', 'Mercedes-Benz'],
      ['MINI Hull', 'MINI'],
      ['Nissan Wakefield', 'Nissan'],
      ['Skoda Harrogate', 'Škoda'],
      ['Toyota Bradford', 'Toyota'],
      ['Volkswagen Birmingham', 'Volkswagen'],
      ['Volkswagen Van Centre Birmingham', 'Volkswagen'],
    ].map(([name, brand], i) => [i, { name: `Hedin ${name!}`, brands: [brand!] }]),
  ),
};
