import { useEffect, useRef, useState } from 'react';
import type { LeafletMapHandle } from './leafletMap.js';
import type { MapMarker, MapTiles, MapView } from './mapTypes.js';

export interface LazyMapProps extends MapTiles, MapView {
  markers: readonly MapMarker[];
  onSelect?: (id: string) => void;
  labels: {
    /** The map region's accessible name. */
    region: string;
    loading: string;
    /** Shown instead of the map when Leaflet or its tiles cannot load; the page around it keeps working. */
    unavailable: string;
  };
  className?: string;
}

type Status = 'waiting' | 'loading' | 'ready' | 'unavailable';

/**
 * An interactive map that costs nothing until it is needed: Leaflet and its CSS are imported only
 * when the map comes near the viewport. The server renders the empty frame (with its height), so
 * nothing moves when the map appears.
 */
export function LazyMap({
  tileUrl,
  attribution,
  center,
  zoom,
  fitMarkers,
  markers,
  onSelect,
  labels,
  className,
}: LazyMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const handle = useRef<LeafletMapHandle | null>(null);
  const [status, setStatus] = useState<Status>('waiting');
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let cancelled = false;
    const load = () => {
      setStatus('loading');
      import('./leafletMap.js')
        .then(({ createLeafletMap }) => {
          if (cancelled || !canvas.current) return;
          handle.current = createLeafletMap(canvas.current, {
            tileUrl,
            attribution,
            onSelect: (id) => selectRef.current?.(id),
            onTileError: () => setStatus('unavailable'),
          });
          setStatus('ready');
        })
        .catch(() => {
          if (!cancelled) setStatus('unavailable');
        });
    };
    if (typeof IntersectionObserver === 'undefined') {
      load();
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            load();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(element);
      return () => {
        cancelled = true;
        observer.disconnect();
        handle.current?.destroy();
        handle.current = null;
      };
    }
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    if (status === 'ready') handle.current?.show({ center, zoom, fitMarkers }, markers);
  }, [status, center.lat, center.lng, zoom, fitMarkers, markers]); // eslint-disable-line react-hooks/exhaustive-deps -- center by value

  return (
    <div
      ref={frame}
      className={`lazy-map ${className ?? ''}`.trim()}
      role="region"
      aria-label={labels.region}
      data-map-status={status}
    >
      <div ref={canvas} className="lazy-map__canvas" hidden={status === 'unavailable'} />
      {status !== 'ready' && (
        <p className="lazy-map__status" role={status === 'unavailable' ? 'alert' : undefined}>
          {status === 'unavailable' ? labels.unavailable : labels.loading}
        </p>
      )}
    </div>
  );
}
