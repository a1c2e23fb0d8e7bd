import type { MouseEvent } from 'react';
import { URL_RANGE_FIELDS, URL_TERM_FIELDS, type UrlRangeField } from '../../shared/carList/carListConfig.js';
import {
  RANGE_OPEN_MAX,
  toggleTerm,
  withoutFilters,
  withRange,
  type CarListState,
} from '../../shared/carList/carListUrlState.js';
import type { CarListTexts } from './carListTypes.js';
import { isPlainClick } from './plainClick.js';
import { fillText } from '../../../markets/translations/plural.js';

interface ActiveFiltersProps {
  state: CarListState;
  hrefOf: (state: CarListState) => string;
  onChange: (state: CarListState) => void;
  formatRange: (field: UrlRangeField, value: number) => string;
  texts: CarListTexts;
}

/** A chip per chosen filter (a link to the list without it) and 'clear all'. */
export function ActiveFilters({ state, hrefOf, onChange, formatRange, texts }: ActiveFiltersProps) {
  const chips: { key: string; label: string; next: CarListState }[] = [
    ...URL_TERM_FIELDS.flatMap((field) =>
      (state.terms[field] ?? []).map((value) => ({
        key: `${field}=${value}`,
        label: `${texts.facetNames[field]}: ${texts.facetValues[field]?.[value] ?? value}`,
        next: toggleTerm(state, field, value),
      })),
    ),
    ...URL_RANGE_FIELDS.flatMap((field) => {
      const range = state.ranges[field];
      return range
        ? [
            {
              key: field,
              // An open upper end (the plain form's empty 'to') reads as 'from … –'.
              label: `${texts.facetNames[field]}: ${formatRange(field, range[0])} –${range[1] >= RANGE_OPEN_MAX ? '' : ` ${formatRange(field, range[1])}`}`,
              next: withRange(state, field, null),
            },
          ]
        : [];
    }),
  ];
  if (chips.length === 0) return null;
  const go = (next: CarListState) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onChange(next);
  };
  return (
    <nav className="chips" aria-label={texts.activeFilters}>
      <ul className="chips__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <a
              className="chip"
              href={hrefOf(chip.next)}
              onClick={go(chip.next)}
              rel="nofollow"
              aria-label={fillText(texts.removeFilter, { label: chip.label })}
            >
              {chip.label}
            </a>
          </li>
        ))}
        <li>
          <a
            className="chips__clear"
            href={hrefOf(withoutFilters(state))}
            onClick={go(withoutFilters(state))}
            rel="nofollow"
          >
            {texts.clearAll}
          </a>
        </li>
      </ul>
    </nav>
  );
}
