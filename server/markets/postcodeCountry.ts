import type { PostcodeCountry } from '../../contracts/upstream/maps.js';
import type { Market } from '../../markets/schema.js';

/** The country whose postcodes a market's shoppers type (both Swedish sites: Sweden; the UK: gb). */
export function postcodeCountryOf(market: Market): PostcodeCountry {
  return market.id === 'uk' ? 'gb' : market.id === 'se-used' ? 'se' : market.id;
}
