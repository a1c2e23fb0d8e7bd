/**
 * The range slider's rules (spec part 1 §4, §5), pure so they are tested without a browser:
 * values stay inside the facet's extent, a minimum moved above the maximum takes the maximum
 * with it (and the other way round), and a range spanning the whole extent is no filter at all.
 */
export type Range = readonly [number, number];

/** The slider's extent: the facet's min and max widened to whole steps. */
export function sliderExtent(facetMin: number, facetMax: number, step: number): Range {
  const min = Math.floor(facetMin / step) * step;
  const max = Math.max(min + step, Math.ceil(facetMax / step) * step);
  return [min, max];
}

const clamp = (value: number, [min, max]: Range) => Math.min(max, Math.max(min, value));

/** Moves one end; the other end follows when they would cross. */
export function moveRangeEnd(range: Range, end: 'min' | 'max', value: number, extent: Range): Range {
  const v = clamp(value, extent);
  if (end === 'min') return [v, Math.max(v, range[1])];
  return [Math.min(v, range[0]), v];
}

/** Both ends at once (the slider hands both): ordered and kept inside the extent. */
export function normaliseRange(values: readonly number[], extent: Range): Range {
  const a = clamp(values[0] ?? extent[0], extent);
  const b = clamp(values[1] ?? extent[1], extent);
  return a <= b ? [a, b] : [b, a];
}

/** The filter a range means: none when it spans the whole extent. */
export function rangeFilterOf(range: Range, extent: Range): Range | null {
  return range[0] <= extent[0] && range[1] >= extent[1] ? null : [range[0], range[1]];
}

/** What the slider shows for a filter (or no filter): the filter inside the extent, else the whole extent. */
export function sliderValues(filter: Range | undefined, extent: Range): Range {
  return filter ? normaliseRange(filter, extent) : extent;
}

/** The slider extent of every range facet that answered one (a facet without cars has none). */
export function rangeExtents(
  facets: readonly { name: string; type: string; min?: number | null; max?: number | null }[],
  steps: readonly { field: string; step: number }[],
): Record<string, Range> {
  const extents: Record<string, Range> = {};
  for (const { field, step } of steps) {
    const facet = facets.find((f) => f.name === field && f.type === 'range');
    if (facet && typeof facet.min === 'number' && typeof facet.max === 'number')
      extents[field] = sliderExtent(facet.min, facet.max, step);
  }
  return extents;
}

/** Drops every range that spans its whole extent (the plain form sends both ends of every slider). */
export function withoutFullSpans<R extends Partial<Record<string, Range>>>(
  ranges: R,
  extents: Record<string, Range>,
): R {
  const kept = { ...ranges };
  for (const [field, range] of Object.entries(ranges)) {
    const extent = extents[field];
    if (range && extent && rangeFilterOf(range, extent) === null) delete kept[field as keyof R];
  }
  return kept;
}
