import { SiteList, type SiteListTexts } from '../../../client/islands/siteList/SiteList.js';
import type { SiteCardContext } from '../../../client/sites/SiteCard.js';
import type { Translate } from '../../../markets/translations/dictionaries.js';
import { COVER_CARDS } from '../../../client/shared/media/pictureLayouts.js';
import type { SiteCardData } from '../../../client/shared/sites/siteCard.js';
import { Island } from '../../Island.js';
import { usePage } from '../../PageContext.js';

/** The site list island's texts, from the page's dictionary (islands get their texts as props). */
function siteListTexts(t: Translate): SiteListTexts {
  return {
    heading: t('pages.sitesHeading'),
    searchLabel: t('pages.sitesSearchLabel'),
    searchButton: t('pages.sitesSearchButton'),
    searchPlaceholder: t('pages.sitesSearchPlaceholder'),
    count: t.plural('pages.sitesCount'),
    matching: t.plural('pages.sitesMatching'),
    showAll: t('pages.sitesShowAll'),
    noResults: t('pages.sitesNoResults'),
    error: t('pages.sitesError'),
    activeFilters: t('sites.activeFilters'),
    removeFilter: t('sites.removeFilter'),
    clearFilters: t('sites.clearFilters'),
  };
}

/** How a site card of this page links, writes its address and reads its phone (the site list, the site selection block). */
export function useSiteCardContext(): SiteCardContext {
  const { t, market } = usePage();
  return {
    siteDetail: market.paths.siteDetail,
    marketId: market.id,
    phoneLabel: t('pages.sitePhone'),
    layout: COVER_CARDS,
  };
}

export interface SiteListSectionProps {
  /** null when the search service could not answer (logged; the page still shows). */
  sites: SiteCardData[] | null;
  keyphrase: string;
  searchable: boolean;
  /** The page's query as read (pageSearchParams), without '?'. */
  query: string;
  filters: { field: string; value: string; label: string }[];
}

/** Every site of the market as cards, with the search as you type above them (client/islands/siteList). */
export function SiteListSection(props: SiteListSectionProps) {
  const { t, market, language, path } = usePage();
  return (
    <Island
      name="siteList"
      component={SiteList}
      props={{
        ...props,
        path,
        locale: market.locales[language] ?? language,
        card: useSiteCardContext(),
        texts: siteListTexts(t),
      }}
    />
  );
}
