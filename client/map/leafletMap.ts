import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './leafletOverrides.css';
import type { MapMarker, MapView } from './mapTypes.js';

/**
 * The Leaflet side of LazyMap, in its own chunk (with Leaflet's CSS) so a page pays for it only when
 * a map scrolls into view. Pins are our own div icons: Leaflet's default icon images are resolved from
 * its CSS path, which a bundle breaks; ours are focusable, titled buttons.
 */
export interface LeafletMapHandle {
  show(view: MapView, markers: readonly MapMarker[]): void;
  destroy(): void;
}

function pinIcon(marker: MapMarker): L.DivIcon {
  return L.divIcon({
    className: `lazy-map__pin${marker.selected ? ' lazy-map__pin--selected' : ''}`,
    html: '<span aria-hidden="true"></span>',
    iconSize: marker.selected ? [28, 28] : [20, 20],
    iconAnchor: marker.selected ? [14, 28] : [10, 20],
  });
}

export function createLeafletMap(
  element: HTMLElement,
  options: {
    tileUrl: string;
    attribution: string;
    onSelect?: ((id: string) => void) | undefined;
    onTileError: () => void;
  },
): LeafletMapHandle {
  const map = L.map(element, { zoomControl: true, attributionControl: true, scrollWheelZoom: false });
  const tiles = L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19 });
  let tileErrors = 0;
  tiles.on('tileerror', () => {
    // A few missing tiles are normal at the edges; a layer that loads nothing is not.
    if (++tileErrors === 8) options.onTileError();
  });
  tiles.on('tileload', () => {
    tileErrors = 0;
  });
  tiles.addTo(map);
  const pins = L.layerGroup().addTo(map);

  return {
    show(view, markers) {
      pins.clearLayers();
      for (const marker of markers) {
        const pin = L.marker([marker.lat, marker.lng], {
          icon: pinIcon(marker),
          title: marker.label,
          alt: marker.label,
          keyboard: true,
        });
        if (options.onSelect) pin.on('click', () => options.onSelect?.(marker.id));
        pin.addTo(pins);
      }
      if (view.fitMarkers && markers.length > 1) {
        map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng])), {
          padding: [32, 32],
          maxZoom: view.zoom,
          animate: false,
        });
      } else {
        map.setView([view.center.lat, view.center.lng], view.zoom, { animate: false });
      }
    },
    destroy() {
      map.remove();
    },
  };
}
