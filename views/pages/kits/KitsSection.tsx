import { KIT_DIALOG, KITS } from '../../../client/shared/media/pictureLayouts.js';
import { KitsSearch } from '../../../client/islands/kits/KitsSearch.js';
import type { KitsSearchTexts } from '../../../client/islands/kits/kitsSearchTexts.js';
import type { KitsResult } from '../../../client/shared/kits/kitsResult.js';
import type { KitsQuery } from '../../../client/shared/kits/kitsQuery.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import { Island } from '../../Island.js';
import { usePage } from '../../PageContext.js';

/** The kits island's texts, from the page's dictionary (islands get their texts as props). */
export function kitsTexts(t: Translate): KitsSearchTexts {
  return {
    searchLabel: t('pages.kitsSearchLabel'),
    searchButton: t('pages.kitsSearchButton'),
    filtersHeading: t('pages.kitsFilters'),
    facets: { brand: t('pages.kitsBrand'), category: t('pages.kitsCategory') },
    apply: t('pages.kitsApply'),
    clear: t('pages.kitsClear'),
    count: t.plural('pages.kitsCount'),
    showing: t('pages.kitsShowing'),
    showMore: t('pages.kitsShowMore'),
    noResults: t('pages.kitsNoResults'),
    error: t('pages.kitsError'),
    close: t('pages.kitsClose'),
    code: t('pages.kitsCode'),
    price: t('pages.kitsPrice'),
    brand: t('pages.kitsBrand'),
    models: t('pages.kitsModels'),
    category: t('pages.kitsCategory'),
    statusLabel: t('pages.kitsStatus'),
    status: {
      Active: t('pages.kitsStatusActive'),
      ComingSoon: t('pages.kitsStatusComingSoon'),
      Discontinued: t('pages.kitsStatusDiscontinued'),
    },
  };
}

/** The kits search on the kits page, its first result rendered on the server. */
export function KitsSection({ query, initial }: { query: KitsQuery; initial: KitsResult | null }) {
  const { t, market, language, path } = usePage();
  return (
    <Island
      name="kits"
      component={KitsSearch}
      props={{
        action: path,
        locale: market.locales[language] ?? language,
        query,
        initial,
        texts: kitsTexts(t),
        pictures: { card: KITS, dialog: KIT_DIALOG },
      }}
    />
  );
}
