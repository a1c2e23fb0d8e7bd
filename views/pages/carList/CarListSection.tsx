import { carCardTextsOf } from '../../../client/cars/carCardTexts.js';
import { CarList } from '../../../client/islands/carList/CarList.js';
import type { CarListProps } from '../../../client/islands/carList/carListTypes.js';
import type { CarListResults, NearProblem } from '../../../client/shared/carList/carListResults.js';
import type { CarListState } from '../../../client/shared/carList/carListUrlState.js';
import { CAR_GRID } from '../../../client/shared/media/pictureLayouts.js';
import { CompareIsland } from '../../compare/CompareIsland.js';
import { compareToggleLabels } from '../../compare/compareLabels.js';
import { Island } from '../../Island.js';
import { usePage } from '../../PageContext.js';
import { carListTextsOf } from './carListTexts.js';

/**
 * The car-list island with the state and results the server searched (server/pages/carListPage.tsx),
 * and the page's compare bar. `path`: the content page's public path; `keep`: the query's parameters
 * that are not the list's.
 */
export function CarListSection({
  path,
  state,
  results,
  keep,
  nearProblem,
}: {
  nearProblem?: NearProblem;
  path: string;
  state: CarListState;
  results: CarListResults;
  keep: string;
}) {
  const { t, market, language } = usePage();
  const props: CarListProps = {
    path,
    carDetailBase: market.paths.carDetailBase,
    keep,
    state,
    defaults: market.carListDefaults,
    results,
    texts: carListTextsOf(t, market),
    card: carCardTextsOf(t, market, language),
    cardPicture: CAR_GRID,
    currency: market.currency,
    compareLabels: compareToggleLabels(t),
    saveLabel: t('saved.toggle'),
    ...(nearProblem ? { nearProblem } : {}),
  };
  return (
    <>
      <Island name="carList" component={CarList} props={props} />
      <CompareIsland />
    </>
  );
}
