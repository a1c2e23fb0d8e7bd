import { carCardTextsOf } from '../../client/cars/carCardTexts.js';
import type { CarSummary } from '../../client/shared/cars/carSummary.js';
import { CompareIslandRoot, type CompareIslandProps } from '../../client/islands/compare/CompareIslandRoot.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import { compareLabels, compareToggleLabels } from './compareLabels.js';

/**
 * The compare bar and modal of a page: one per page, at the end of the main content. The list is in
 * the shopper's sessionStorage, so the server renders no cars; the bar appears after hydration.
 */
export function CompareIsland() {
  const { t, market, language } = usePage();
  const card = carCardTextsOf(t, market, language);
  const props: CompareIslandProps = {
    part: 'bar',
    labels: compareLabels(t, market.distanceUnit),
    format: card.format,
    values: card.values,
    carDetailBase: market.paths.carDetailBase,
  };
  return <Island name="compare" component={CompareIslandRoot} props={props} />;
}

/** A compare toggle in server-rendered HTML (the car page, a server-rendered card's `actions`). */
export function CompareToggleIsland({ car }: { car: CarSummary }) {
  const { t } = usePage();
  const props: CompareIslandProps = { part: 'toggle', car, labels: compareToggleLabels(t) };
  return <Island name="compare" component={CompareIslandRoot} props={props} />;
}
