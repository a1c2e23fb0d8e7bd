import { EMPTY_STATE, parseCarListState, withRange } from '../../client/shared/carList/carListUrlState.js';
import { rangeExtentsInIndexUnits } from '../../client/shared/carList/distanceRange.js';
import {
  moveRangeEnd,
  normaliseRange,
  rangeExtents,
  rangeFilterOf,
  sliderExtent,
  sliderValues,
  withoutFullSpans,
} from '../../client/shared/carList/rangeRules.js';

const extent = [0, 1_000_000] as const;

describe('range slider rules', () => {
  it('widens the facet’s min and max to whole steps', () => {
    expect(sliderExtent(123_456, 987_654, 1000)).toEqual([123_000, 988_000]);
    expect(sliderExtent(2016, 2024, 1)).toEqual([2016, 2024]);
    // One car: still a slider with two distinct ends.
    expect(sliderExtent(5000, 5000, 1000)).toEqual([5000, 6000]);
  });

  it('a minimum moved above the maximum takes the maximum with it, and the other way round', () => {
    expect(moveRangeEnd([100_000, 300_000], 'min', 400_000, extent)).toEqual([400_000, 400_000]);
    expect(moveRangeEnd([100_000, 300_000], 'max', 50_000, extent)).toEqual([50_000, 50_000]);
    expect(moveRangeEnd([100_000, 300_000], 'min', 200_000, extent)).toEqual([200_000, 300_000]);
  });

  it('keeps typed values inside the extent', () => {
    expect(moveRangeEnd([100_000, 300_000], 'max', 5_000_000, extent)).toEqual([100_000, 1_000_000]);
    expect(moveRangeEnd([100_000, 300_000], 'min', -5, extent)).toEqual([0, 300_000]);
    expect(normaliseRange([700, 200], [0, 500])).toEqual([200, 500]);
  });

  it('a range spanning the whole extent is no filter; any narrower range is one', () => {
    expect(rangeFilterOf([0, 1_000_000], extent)).toBeNull();
    expect(rangeFilterOf([-10, 2_000_000], extent)).toBeNull();
    expect(rangeFilterOf([0, 999_000], extent)).toEqual([0, 999_000]);
    expect(rangeFilterOf([1000, 1_000_000], extent)).toEqual([1000, 1_000_000]);
  });

  it('shows the filter on the slider, or the whole extent without one', () => {
    expect(sliderValues(undefined, extent)).toEqual(extent);
    expect(sliderValues([100, 200], extent)).toEqual([100, 200]);
    expect(sliderValues([100, 999_999_999], extent)).toEqual([100, 1_000_000]);
  });

  it('finds the extents of the range facets that answered, and drops full-span ranges the plain form sends', () => {
    const facets = [
      { name: 'car_price', type: 'range', min: 89_900, max: 1_250_000 },
      { name: 'car_year', type: 'range', min: null, max: null },
      { name: 'car_brand', type: 'term', values: [] },
    ];
    const extents = rangeExtents(facets, [
      { field: 'car_price', step: 1000 },
      { field: 'car_year', step: 1 },
    ]);
    expect(extents).toEqual({ car_price: [89_000, 1_250_000] });
    expect(withoutFullSpans({ car_price: [89_000, 1_250_000], car_year: [2000, 2030] }, extents)).toEqual({
      car_year: [2000, 2030],
    });
    expect(withoutFullSpans({ car_price: [100_000, 1_250_000] }, extents)).toEqual({ car_price: [100_000, 1_250_000] });
  });
});

describe('full span in the index’s units', () => {
  const facets = [
    { name: 'car_mileage', type: 'range' as const, min: 8_046, max: 225_000 },
    { name: 'car_price', type: 'range' as const, min: 89_900, max: 1_250_000 },
  ];

  it('the UK plain form’s untouched mileage slider (5 000 – 140 000 miles) is no filter', () => {
    const parsed = parseCarListState(
      new URLSearchParams('car_mileage_min=5000&car_mileage_max=140000&car_price_min=89000&car_price_max=1250000'),
      'mi',
    );
    expect(parsed.ranges.car_mileage).toEqual([8047, 225_308]);
    expect(withoutFullSpans(parsed.ranges, rangeExtentsInIndexUnits(facets, 'mi'))).toEqual({});
    // One mile in from either end is a filter.
    const narrower = parseCarListState(new URLSearchParams('car_mileage_min=6000&car_mileage_max=140000'), 'mi');
    expect(withoutFullSpans(narrower.ranges, rangeExtentsInIndexUnits(facets, 'mi'))).toEqual({
      car_mileage: [9656, 225_308],
    });
  });

  it('a slider moved back to both ends removes its filter; any narrower range sets one', () => {
    const extents = rangeExtentsInIndexUnits(facets, 'mil');
    const filtered = withRange(EMPTY_STATE, 'car_mileage', [10_000, 50_000], extents.car_mileage);
    expect(filtered.ranges).toEqual({ car_mileage: [10_000, 50_000] });
    expect(withRange(filtered, 'car_mileage', extents.car_mileage!, extents.car_mileage).ranges).toEqual({});
  });
});
