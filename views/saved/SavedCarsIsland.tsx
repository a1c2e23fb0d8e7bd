import { carCardTextsOf } from '../../client/cars/carCardTexts.js';
import { SavedCarsRoot } from '../../client/islands/savedCars/SavedCarsRoot.js';
import type { SavedCarsProps } from '../../client/islands/savedCars/savedCarsTypes.js';
import { CAR_SIMILAR } from '../../client/shared/media/pictureLayouts.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import { Breadcrumbs } from '../seo/Breadcrumbs.js';
import { savedCarsTextsOf, savedSearchesTextsOf } from './savedCarsTexts.js';
import { SavedSearches } from '../../client/islands/savedSearches/SavedSearches.js';

function useCardProps() {
  const { t, market, language } = usePage();
  return { card: carCardTextsOf(t, market, language), carDetailBase: market.paths.carDetailBase, picture: CAR_SIMILAR };
}

/**
 * The saved-cars page (server/pages/savedCarsRoute.tsx): the same HTML for every shopper, their cars are
 * in their browser and filled in by the island. Without JavaScript it says what it needs.
 */
export function SavedCarsPageView() {
  const { t, market } = usePage();
  const props: SavedCarsProps = {
    part: 'page',
    ...useCardProps(),
    texts: savedCarsTextsOf(t),
    carListPath: market.paths.carList,
  };
  return (
    <div className="saved-cars">
      <Breadcrumbs
        crumbs={[
          { name: t('layout.breadcrumbHome'), path: '/' },
          { name: t('saved.title'), path: market.paths.savedCars },
        ]}
      />
      <Island name="savedCars" component={SavedCarsRoot} props={props} />
      <Island
        name="savedSearches"
        component={SavedSearches}
        props={{
          texts: savedSearchesTextsOf(t),
          carListPath: market.paths.carList,
          locale: props.card.format.locale,
        }}
      />
      <p className="saved-cars__note">{t('saved.deviceNote')}</p>
      <noscript>
        <p>{t('saved.noscript')}</p>
      </noscript>
    </div>
  );
}

/** The recently viewed cars on a car page, the page's own car left out; empty in the HTML. */
export function RecentCarsIsland({ carId }: { carId: string }) {
  const { t } = usePage();
  const texts = { toggle: t('saved.toggle'), recentTitle: t('saved.recentTitle') };
  const props: SavedCarsProps = { part: 'recent', ...useCardProps(), texts, exclude: carId };
  return <Island name="savedCars" component={SavedCarsRoot} props={props} />;
}
