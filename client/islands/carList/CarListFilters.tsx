import { useId, useRef } from 'react';
import type { SearchFacet } from '../../../contracts/upstream/search.js';
import { fillText } from '../../../markets/translations/plural.js';
import { RANGE_FACETS, TERM_FACETS, type UrlRangeField } from '../../shared/carList/carListConfig.js';
import { activeFilterCount, toggleTerm, withRange, type CarListState } from '../../shared/carList/carListUrlState.js';
import { distanceRangeInUnit, distanceToKm } from '../../shared/carList/distanceRange.js';
import type { Range } from '../../shared/carList/rangeRules.js';
import { formatDistance, type CarFormat } from '../../shared/cars/formatCar.js';
import type { CarListTexts } from './carListTypes.js';
import { RangeFacet } from './RangeFacet.js';
import { TermFacet } from './TermFacet.js';

interface CarListFiltersProps {
  state: CarListState;
  /** The state a change is made on (the latest, between renders). */
  latest: () => CarListState;
  facets: SearchFacet[];
  /** Each range facet's full span in the index's units: a range spanning it is no filter. */
  extents: Partial<Record<UrlRangeField, Range>>;
  format: CarFormat;
  /** Whether the market's cards show a monthly price, and so its list a monthly budget. */
  monthlyBudget: boolean;
  formatRange: (field: UrlRangeField, value: number) => string;
  hrefOf: (state: CarListState) => string;
  onChange: (state: CarListState) => void;
  texts: CarListTexts;
}

/** The filter panel: a term facet per field, a range facet per range, and the plain form's apply button. */
export function CarListFilters(props: CarListFiltersProps) {
  const { state, latest, extents, format, texts, onChange } = props;
  const filtersId = useId();
  const facetOf = (field: string) => props.facets.find((f) => f.name === field);
  const count = activeFilterCount(state);
  const panel = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLElement>(null);
  /**
   * 'Visa bilar' on a phone: the panel closes and the focus goes back to its toggle ('Visa filter (1)'), with the
   * count of cars right under it (the form's submit then searches, as ever). From 960 px the panel is always
   * open and its toggle is not shown: nothing closes.
   */
  const showCars = () => {
    if (!panel.current?.open || !toggle.current?.checkVisibility()) return;
    panel.current.open = false;
    toggle.current.focus();
  };

  return (
    <section className="car-list__filters" aria-labelledby={filtersId}>
      <h2 id={filtersId} className="car-list__heading">
        {texts.filters}
      </h2>
      {/* Closed on phones so the cars come first; always open from 960 px (car-list.css). */}
      <details className="car-list__filter-panel" ref={panel}>
        <summary className="car-list__filter-toggle" ref={toggle}>
          <span className="summary__closed">{fillText(texts.showFilters, { count })}</span>
          <span className="summary__open">{fillText(texts.hideFilters, { count })}</span>
        </summary>
        {TERM_FACETS.map((field, i) => {
          const facet = facetOf(field);
          return (
            <TermFacet
              key={field}
              name={texts.facetNames[field]}
              facet={facet?.type === 'term' ? facet : undefined}
              selected={state.terms[field] ?? []}
              defaultOpen={i === 0}
              labelOf={(value) => texts.facetValues[field]?.[value] ?? value}
              hrefFor={(value) => props.hrefOf(toggleTerm(state, field, value))}
              onToggle={(value) => onChange(toggleTerm(latest(), field, value))}
              texts={texts}
            />
          );
        })}
        {RANGE_FACETS.map(({ field, step }, i) => {
          const extent = extents[field];
          if (!extent || (field === 'car_monthly_payment' && !props.monthlyBudget)) return null;
          const filter = state.ranges[field];
          if (field === 'car_mileage') {
            // The shopper slides and types in the market's unit; the URL keeps km.
            const shown = distanceRangeInUnit(facetOf(field), filter, format.mileageUnit);
            return (
              shown && (
                <RangeFacet
                  key={field}
                  field={field}
                  name={texts.facetNames[field]}
                  extent={shown.extent}
                  step={shown.step}
                  filter={shown.filter}
                  defaultOpen={i === 0}
                  texts={texts}
                  format={(v) => formatDistance(v, format)}
                  onApply={(range) =>
                    onChange(withRange(latest(), field, distanceToKm(range, format.mileageUnit), extent))
                  }
                />
              )
            );
          }
          return (
            <RangeFacet
              key={field}
              field={field}
              name={texts.facetNames[field]}
              extent={extent}
              step={step}
              filter={filter}
              defaultOpen={i === 0}
              texts={texts}
              format={(v) => props.formatRange(field, v)}
              onApply={(range) => onChange(withRange(latest(), field, range, extent))}
            />
          );
        })}
        <button type="submit" className="button car-list__apply" onClick={showCars}>
          {texts.applyFilters}
        </button>
      </details>
    </section>
  );
}
