import type { SearchFacet } from '../../../contracts/upstream/search.js';
import { kmFromUnit, mileageInUnit, type CarFormat } from '../cars/formatCar.js';
import { DISTANCE_FIELDS, RANGE_FACETS } from './carListConfig.js';
import { RANGE_OPEN_MAX } from './carListUrlState.js';
import { rangeExtents, sliderExtent, type Range } from './rangeRules.js';

type DistanceUnit = CarFormat['mileageUnit'];

/**
 * The mileage slider speaks the market's unit (km, Swedish mil, miles) while the search service and the
 * URL stay in km, so shared links, redirect tables and cached searches mean the same on every market.
 * Steps: 1 000 km, 100 mil (the same 1 000 km), 1 000 miles.
 */
const STEP_IN_UNIT: Record<DistanceUnit, number> = { km: 1000, mil: 100, mi: 1000 };

export interface ShownDistanceRange {
  extent: Range;
  step: number;
  /** The URL's filter (km) in the market's unit. */
  filter: Range | undefined;
}

/** The slider of a km facet in the market's unit; undefined when the facet answered no values. */
export function distanceRangeInUnit(
  facet: SearchFacet | undefined,
  filterKm: Range | undefined,
  unit: DistanceUnit,
): ShownDistanceRange | undefined {
  if (facet?.type !== 'range' || facet.min === null || facet.max === null) return undefined;
  const step = STEP_IN_UNIT[unit];
  const extent = sliderExtent(mileageInUnit(facet.min, unit), mileageInUnit(facet.max, unit), step);
  return { extent, step, filter: filterKm && distanceToUnit(filterKm, unit) };
}

/**
 * The extent of every range facet in the index's units (km for distances), against which a chosen range
 * is judged 'full span' (no filter). A distance slider's extent is whole steps of the market's unit; its
 * ends, converted to km as a chosen range is, are the km extent. The facet's km extent widened to whole
 * km steps would not do: 5 000 miles is 8 047 km, above an 8 000 km extent, so the untouched UK slider
 * read as a filter.
 */
export function rangeExtentsInIndexUnits(facets: readonly SearchFacet[], unit: DistanceUnit): Record<string, Range> {
  const extents = rangeExtents(facets, RANGE_FACETS);
  for (const field of DISTANCE_FIELDS) {
    const shown = distanceRangeInUnit(
      facets.find((f) => f.name === field),
      undefined,
      unit,
    );
    if (shown && extents[field]) extents[field] = distanceToKm(shown.extent, unit);
  }
  return extents;
}

/** A km range in the market's unit (an open upper end stays open). */
export function distanceToUnit([min, max]: Range, unit: DistanceUnit): Range {
  return [mileageInUnit(min, unit), max >= RANGE_OPEN_MAX ? RANGE_OPEN_MAX : mileageInUnit(max, unit)];
}

/** A range the shopper chose in the market's unit, in km for the URL and the search service. */
export function distanceToKm([min, max]: Range, unit: DistanceUnit): Range {
  return [kmFromUnit(min, unit), max >= RANGE_OPEN_MAX ? RANGE_OPEN_MAX : kmFromUnit(max, unit)];
}
