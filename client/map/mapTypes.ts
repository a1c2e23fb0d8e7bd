export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** The pin's accessible name (a workshop or site name). */
  label: string;
  selected?: boolean;
}

export interface MapView {
  center: { lat: number; lng: number };
  zoom: number;
}

/** What a page passes down to an island that shows a map (from the BFF's config: MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export interface MapTiles {
  tileUrl: string;
  attribution: string;
}
