import type { CarSummary } from '../../shared/cars/carSummary.js';
import { CompareToggle, type CompareToggleLabels } from '../../compare/CompareToggle.js';
import { CompareBar } from './CompareBar.js';
import type { CompareBarProps } from './compareLabels.js';

/**
 * One island, two parts sharing one script: the page's bar and modal, and compare toggles placed
 * in server-rendered HTML (the car page's price box, teaser cards). Islands that render cards
 * themselves use CompareToggle directly.
 */
export type CompareIslandProps =
  ({ part: 'bar' } & CompareBarProps) | { part: 'toggle'; car: CarSummary; labels: CompareToggleLabels };

export function CompareIslandRoot(props: CompareIslandProps) {
  return props.part === 'bar' ? <CompareBar {...props} /> : <CompareToggle car={props.car} labels={props.labels} />;
}
