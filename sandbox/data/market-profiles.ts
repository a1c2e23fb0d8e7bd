import type { Language, MarketId } from '../../markets/schema.js';
import type { VocabularyLanguage } from './vocabulary.js';

export interface City {
  name: string;
  region: string;
  lat: number;
  lng: number;
  /** How many digits of a postcode are drawn: 5 less this one's length (kept, so the seeded data stays as it was). */
  zipPrefix: string;
  /** What the town's postcodes start with, where more precise than `zipPrefix` ('46' for Kristiansand's 46xx). */
  zipStart?: string;
  /** A UK town's postcode districts (CV1-CV6 are Coventry's); a drawn district number picks one. */
  zipDistricts?: readonly number[];
}

/** What the generators need to know about a market beyond markets/*.ts. */
export interface MarketProfile {
  id: MarketId;
  /** Language of the search documents (cars, sites, kits). */
  language: VocabularyLanguage;
  /** Languages the content service answers in; the first is the default. */
  contentLanguages: Language[];
  currency: 'EUR' | 'NOK' | 'SEK' | 'GBP';
  /** Multiplier from the EUR catalogue price, and the step prices are rounded to. */
  eurRate: number;
  priceStep: number;
  carCount: number;
  siteCount: number;
  kitCount: number;
  /** Used-car market: no new cars and no samples. */
  usedOnly: boolean;
  country: string;
  phone: (digits: (n: number) => string) => string;
  emailDomain: string;
  /** What a multi-brand site is called after 'Hedin': Sweden renamed its 'Hedin Bil' sites (redirects/se.txt). */
  multiBrandName: string;
  cities: City[];
}

const city = (
  name: string,
  region: string,
  lat: number,
  lng: number,
  zipPrefix: string,
  precise: Pick<City, 'zipStart' | 'zipDistricts'> = {},
): City => ({
  name,
  region,
  lat,
  lng,
  zipPrefix,
  ...precise,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const swedishCities = [
  city('Stockholm', 'Stockholm', 59.3293, 18.0686, '11'),
  city('Göteborg', 'Västra Götaland', 57.7089, 11.9746, '41'),
  city('Malmö', 'Skåne', 55.605, 13.0038, '21'),
  city('Uppsala', 'Uppsala', 59.8586, 17.6389, '75'),
  city('Västerås', 'Västmanland', 59.6099, 16.5448, '72'),
  city('Örebro', 'Örebro', 59.2753, 15.2134, '70'),
  city('Linköping', 'Östergötland', 58.4108, 15.6214, '58'),
  city('Helsingborg', 'Skåne', 56.0465, 12.6945, '25'),
  city('Jönköping', 'Jönköping', 57.7826, 14.1618, '55'),
  city('Norrköping', 'Östergötland', 58.5877, 16.1924, '60'),
  city('Umeå', 'Västerbotten', 63.8258, 20.263, '90'),
  city('Gävle', 'Gävleborg', 60.6749, 17.1413, '80'),
  city('Sundsvall', 'Västernorrland', 62.3908, 17.3069, '85'),
  city('Växjö', 'Kronoberg', 56.8777, 14.8091, '35'),
  city('Borås', 'Västra Götaland', 57.721, 12.9401, '50'),
  city('Luleå', 'Norrbotten', 65.5848, 22.1547, '97'),
];

export const MARKET_PROFILES: readonly MarketProfile[] = [
  {
    id: 'se',
    language: 'sv',
    contentLanguages: ['sv'],
    currency: 'SEK',
    eurRate: 11.4,
    priceStep: 1000,
    carCount: 1500,
    siteCount: 16,
    kitCount: 60,
    usedOnly: false,
    country: 'Sverige',
    emailDomain: 'hedinautomotive.se',
    multiBrandName: 'Automotive',
    phone: (d) => `07${d(1)}-${d(3)} ${d(2)} ${d(2)}`,
    cities: swedishCities,
  },
  {
    id: 'se-used',
    language: 'sv',
    contentLanguages: ['sv'],
    currency: 'SEK',
    eurRate: 11.4,
    priceStep: 1000,
    carCount: 1100,
    siteCount: 10,
    kitCount: 30,
    usedOnly: true,
    country: 'Sverige',
    emailDomain: 'begagnat.se',
    multiBrandName: 'Bil',
    phone: (d) => `07${d(1)}-${d(3)} ${d(2)} ${d(2)}`,
    cities: swedishCities.slice(0, 12),
  },
  {
    id: 'fi',
    language: 'fi',
    contentLanguages: ['fi', 'sv'],
    currency: 'EUR',
    eurRate: 1.08,
    priceStep: 100,
    carCount: 900,
    siteCount: 10,
    kitCount: 40,
    usedOnly: false,
    country: 'Suomi',
    emailDomain: 'hedinautomotive.fi',
    multiBrandName: 'Bil',
    phone: (d) => `+358 40 ${d(3)} ${d(4)}`,
    cities: [
      city('Helsinki', 'Uusimaa', 60.1699, 24.9384, '00'),
      city('Espoo', 'Uusimaa', 60.2055, 24.6559, '02'),
      city('Vantaa', 'Uusimaa', 60.2934, 25.0378, '01'),
      city('Tampere', 'Pirkanmaa', 61.4978, 23.761, '33'),
      city('Turku', 'Varsinais-Suomi', 60.4518, 22.2666, '20'),
      city('Oulu', 'Pohjois-Pohjanmaa', 65.0121, 25.4651, '90'),
      city('Jyväskylä', 'Keski-Suomi', 62.2426, 25.7473, '40'),
      city('Lahti', 'Päijät-Häme', 60.9827, 25.6612, '15'),
      city('Kuopio', 'Pohjois-Savo', 62.8924, 27.677, '70'),
      city('Hämeenlinna', 'Kanta-Häme', 60.9929, 24.4643, '13'),
    ],
  },
  {
    id: 'no',
    language: 'nb',
    contentLanguages: ['nb'],
    currency: 'NOK',
    eurRate: 11.6,
    priceStep: 1000,
    carCount: 700,
    siteCount: 10,
    kitCount: 40,
    usedOnly: false,
    country: 'Norge',
    emailDomain: 'hedinautomotive.no',
    multiBrandName: 'Bil',
    phone: (d) => `+47 ${d(3)} ${d(2)} ${d(3)}`,
    cities: [
      city('Oslo', 'Oslo', 59.9139, 10.7522, '0'),
      city('Bergen', 'Vestland', 60.3913, 5.3221, '5', { zipStart: '50' }),
      city('Trondheim', 'Trøndelag', 63.4305, 10.3951, '7', { zipStart: '70' }),
      city('Stavanger', 'Rogaland', 58.97, 5.7331, '4', { zipStart: '40' }),
      city('Drammen', 'Buskerud', 59.7439, 10.2045, '3', { zipStart: '302' }),
      city('Kristiansand', 'Agder', 58.1599, 7.9956, '4', { zipStart: '46' }),
      city('Tromsø', 'Troms', 69.6492, 18.9553, '9', { zipStart: '90' }),
      city('Fredrikstad', 'Østfold', 59.2181, 10.9298, '1', { zipStart: '16' }),
      city('Ålesund', 'Møre og Romsdal', 62.4722, 6.1495, '6', { zipStart: '60' }),
      city('Bodø', 'Nordland', 67.2804, 14.4049, '8', { zipStart: '80' }),
    ],
  },
  {
    id: 'sk',
    language: 'sk',
    contentLanguages: ['sk'],
    currency: 'EUR',
    eurRate: 1,
    priceStep: 100,
    carCount: 500,
    siteCount: 7,
    kitCount: 30,
    usedOnly: false,
    country: 'Slovensko',
    emailDomain: 'hedinautomotive.sk',
    multiBrandName: 'Bil',
    phone: (d) => `+421 9${d(2)} ${d(3)} ${d(3)}`,
    cities: [
      city('Bratislava', 'Bratislavský kraj', 48.1486, 17.1077, '8', { zipStart: '821' }),
      city('Košice', 'Košický kraj', 48.7164, 21.2611, '04', { zipStart: '040' }),
      city('Žilina', 'Žilinský kraj', 49.2231, 18.7394, '010'),
      city('Banská Bystrica', 'Banskobystrický kraj', 48.7363, 19.1462, '974'),
      city('Nitra', 'Nitriansky kraj', 48.3069, 18.0865, '949'),
      city('Trnava', 'Trnavský kraj', 48.3774, 17.5872, '917'),
      city('Prešov', 'Prešovský kraj', 48.9984, 21.2339, '080'),
    ],
  },
  {
    id: 'uk',
    language: 'en',
    contentLanguages: ['en'],
    currency: 'GBP',
    eurRate: 0.86,
    priceStep: 50,
    carCount: 700,
    siteCount: 16,
    kitCount: 40,
    usedOnly: false,
    country: 'United Kingdom',
    emailDomain: 'hedinautomotive.co.uk',
    multiBrandName: 'Bil',
    phone: (d) => `01632 ${d(6)}`,
    // The towns of the group's dealerships (sandbox/data/namedSites.ts), in the same order.
    cities: [
      city('Coventry', 'West Midlands', 52.4068, -1.5197, 'CV', { zipDistricts: range(1, 6) }),
      city('Hull', 'East Riding of Yorkshire', 53.7676, -0.3274, 'HU', { zipDistricts: range(1, 9) }),
      city('Manchester', 'Greater Manchester', 53.4808, -2.2426, 'M'),
      city('Harrogate', 'North Yorkshire', 53.9921, -1.5418, 'HG', { zipDistricts: range(1, 3) }),
      city('Sheffield', 'South Yorkshire', 53.3811, -1.4701, 'S', { zipDistricts: range(1, 14) }),
      city('York', 'North Yorkshire', 53.96, -1.0873, 'YO', { zipDistricts: [1, 10, 23, 24, 26, 30, 31] }),
      city('York', 'North Yorkshire', 53.96, -1.0873, 'YO', { zipDistricts: [1, 10, 23, 24, 26, 30, 31] }),
      city('Doncaster', 'South Yorkshire', 53.5228, -1.1285, 'DN', { zipDistricts: range(1, 12) }),
      city('Leeds', 'West Yorkshire', 53.8008, -1.5491, 'LS', { zipDistricts: range(1, 20) }),
      city('Leeds', 'West Yorkshire', 53.8008, -1.5491, 'LS', { zipDistricts: range(1, 20) }),
      city('Hull', 'East Riding of Yorkshire', 53.7676, -0.3274, 'HU', { zipDistricts: range(1, 9) }),
      city('Wakefield', 'West Yorkshire', 53.6833, -1.4977, 'WF', { zipDistricts: range(1, 4) }),
      city('Harrogate', 'North Yorkshire', 53.9921, -1.5418, 'HG', { zipDistricts: range(1, 3) }),
      city('Bradford', 'West Yorkshire', 53.796, -1.7594, 'BD', { zipDistricts: range(1, 15) }),
      city('Birmingham', 'West Midlands', 52.4862, -1.8904, 'B'),
      city('Birmingham', 'West Midlands', 52.4862, -1.8904, 'B'),
    ],
  },
];

export function marketProfile(id: MarketId): MarketProfile {
  const profile = MARKET_PROFILES.find((p) => p.id === id);
  if (!profile) throw new Error(`no sandbox profile for market ${id}`);
  return profile;
}
