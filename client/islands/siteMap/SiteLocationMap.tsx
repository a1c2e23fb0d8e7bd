import { useMemo } from 'react';
import { LazyMap, type LazyMapProps } from '../../map/LazyMap.js';
import type { MapTiles } from '../../map/mapTypes.js';

export interface SiteLocationMapProps extends MapTiles {
  site: { id: string; name: string; lat: number; lng: number };
  labels: LazyMapProps['labels'];
}

/** Street level around one site: close enough to see the streets that lead there. */
export const SITE_MAP_ZOOM = 15;

/** A site page's interactive map: the site's own pin, Leaflet loaded when the map nears the viewport. */
export function SiteLocationMap({ tileUrl, attribution, site, labels }: SiteLocationMapProps) {
  const markers = useMemo(
    () => [{ id: site.id, lat: site.lat, lng: site.lng, label: site.name, selected: true }],
    [site.id, site.lat, site.lng, site.name],
  );
  return (
    <LazyMap
      className="site-map__map"
      tileUrl={tileUrl}
      attribution={attribution}
      center={{ lat: site.lat, lng: site.lng }}
      zoom={SITE_MAP_ZOOM}
      markers={markers}
      labels={labels}
    />
  );
}
