import { useMemo } from 'react';
import type { Workshop } from '../../../contracts/upstream/mechmate.js';
import { LazyMap } from '../../map/LazyMap.js';
import type { BookingProps } from './bookingProps.js';

/** The zoom at which the selected workshop's card shows on the map (part 2 §9). */
export const SELECTED_ZOOM = 15;
const OVERVIEW_ZOOM = 9;

interface BookingMapProps {
  workshops: Workshop[];
  selected: Workshop | null;
  onSelect?: (workshop: Workshop) => void;
  props: BookingProps;
}

/**
 * The workshops on a map (step 4 and the confirmation), loaded only when it comes into view; the
 * selected workshop centred at zoom 15 with its card; before a choice, every listed workshop in view. If the map cannot load, the area says so and
 * the flow goes on without it.
 */
export function BookingMap({ workshops, selected, onSelect, props }: BookingMapProps) {
  const { texts, map } = props;
  const markers = useMemo(
    () =>
      workshops.map((w) => ({
        id: String(w.departmentId),
        lat: w.latitude,
        lng: w.longitude,
        label: w.siteName,
        selected: w.departmentId === selected?.departmentId,
      })),
    [workshops, selected?.departmentId],
  );
  const focus = selected ?? workshops[0];
  if (!focus) return null;
  return (
    <div className="booking-map">
      <LazyMap
        tileUrl={map.tileUrl}
        attribution={map.attribution}
        center={{ lat: focus.latitude, lng: focus.longitude }}
        zoom={selected ? SELECTED_ZOOM : OVERVIEW_ZOOM}
        fitMarkers={!selected}
        markers={markers}
        onSelect={
          onSelect
            ? (id) => {
                const workshop = workshops.find((w) => String(w.departmentId) === id);
                if (workshop) onSelect(workshop);
              }
            : undefined
        }
        labels={{
          region: texts['booking.mapRegion'],
          loading: texts['booking.mapLoading'],
          unavailable: texts['booking.mapUnavailable'],
        }}
      />
      {selected && (
        <div className="booking-map__card" data-zoom={SELECTED_ZOOM}>
          <strong>{selected.siteName}</strong>
          <span>{selected.address}</span>
        </div>
      )}
    </div>
  );
}
