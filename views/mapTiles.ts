import type { MapTiles } from '../client/map/mapTypes.js';
import type { Translate } from '../markets/translations/dictionaries.js';

/** The configured tiles with their attribution in the page's language (MAP_TILE_ATTRIBUTION names the source). */
export function localisedMapTiles(tiles: MapTiles, t: Translate): MapTiles {
  return { ...tiles, attribution: t('map.attribution', { source: tiles.attribution }) };
}
