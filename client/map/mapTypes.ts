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
  /** Frame every marker instead (the zoom is then at most `zoom`); with one marker or none, center and zoom apply. */
  fitMarkers?: boolean;
}

/** What a page passes down to an island that shows a map (from the BFF's config: MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export interface MapTiles {
  tileUrl: string;
  attribution: string;
}
