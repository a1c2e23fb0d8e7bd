import type { PostcodeCountry, PostcodePlace } from '../../contracts/upstream/maps.js';
import { MARKET_PROFILES, type City } from './market-profiles.js';

/** The sandbox's towns of each country: those its sites stand in (market-profiles.ts), with their postcodes. */
const TOWNS: Record<PostcodeCountry, readonly City[]> = {
  se: MARKET_PROFILES.find((p) => p.id === 'se')!.cities,
  fi: MARKET_PROFILES.find((p) => p.id === 'fi')!.cities,
  no: MARKET_PROFILES.find((p) => p.id === 'no')!.cities,
  sk: MARKET_PROFILES.find((p) => p.id === 'sk')!.cities,
  gb: MARKET_PROFILES.find((p) => p.id === 'uk')!.cities,
};

/** A postcode as each country writes it: '114 27', '00100', '0150', '811 01'; the UK's outward code alone or whole. */
const SHAPES: Record<PostcodeCountry, RegExp> = {
  se: /^(\d{3})(\d{2})$/,
  fi: /^(\d{5})$/,
  no: /^(\d{4})$/,
  sk: /^(\d{3})(\d{2})$/,
  gb: /^([A-Z]{1,2})(\d[A-Z\d]?)(\d[A-Z]{2})?$/,
};

function written(country: PostcodeCountry, match: RegExpExecArray): string {
  if (country === 'gb') return match[3] ? `${match[1]}${match[2]} ${match[3]}` : `${match[1]}${match[2]}`;
  return match.slice(1).join(' ');
}

/** The town whose postcodes the code is one of: its precise start first (Bergen 50xx), then its prefix. */
function townOf(country: PostcodeCountry, code: string, match: RegExpExecArray): City | undefined {
  const towns = TOWNS[country];
  if (country === 'gb') {
    const district = Number.parseInt(match[2]!, 10);
    return towns.find(
      (town) => town.zipPrefix === match[1] && (!town.zipDistricts || town.zipDistricts.includes(district)),
    );
  }
  const longestFirst = (starts: (town: City) => string | undefined) =>
    towns
      .filter((town) => {
        const start = starts(town);
        return start !== undefined && code.startsWith(start);
      })
      .sort((a, b) => starts(b)!.length - starts(a)!.length)[0];
  return longestFirst((town) => town.zipStart) ?? longestFirst((town) => town.zipPrefix);
}

/**
 * The place of a postcode: the town it belongs to, at the town's centre (where the sandbox's sites of that town
 * stand around). Undefined for a code of another shape or of a town the sandbox does not know.
 */
export function placeOfPostcode(country: PostcodeCountry, postcode: string): PostcodePlace | undefined {
  const code = postcode.replace(/\s+/g, '').toUpperCase();
  const match = SHAPES[country].exec(code);
  if (!match) return undefined;
  const town = townOf(country, code, match);
  if (!town) return undefined;
  return {
    postcode: written(country, match),
    name: town.name,
    region: town.region,
    latitude: town.lat,
    longitude: town.lng,
  };
}
