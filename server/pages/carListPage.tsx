import type { Market } from '../../markets/schema.js';
import { CAR_LIST_MAX_PAGES, CAR_LIST_PAGE_SIZE } from '../../client/shared/carList/carListConfig.js';
import { withFacetsToUndo, type CarListResults, type NearProblem } from '../../client/shared/carList/carListResults.js';
import {
  carListSearchBody,
  EMPTY_STATE,
  keptQuery,
  parseCarListState,
  withNear,
  type CarListState,
} from '../../client/shared/carList/carListUrlState.js';
import { withoutFullSpans } from '../../client/shared/carList/rangeRules.js';
import { rangeExtentsInIndexUnits } from '../../client/shared/carList/distanceRange.js';
import { CarListSection } from '../../views/pages/carList/CarListSection.js';
import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { localisePath } from '../markets/languagePath.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import { searchCarSummaryPage } from '../catalogue/carSummarySearch.js';
import { withQuotes } from '../catalogue/cardQuotes.js';
import { PostcodeText } from '../../contracts/upstream/maps.js';
import { postcodeCountryOf } from '../markets/postcodeCountry.js';
import { UpstreamError } from '../upstream/upstreamError.js';
import type { ContentPageKind } from './contentPageKind.js';
import type { PageDeps } from './pageDeps.js';
import { languageQueriesOf } from './languageQueries.js';

/**
 * The car list (content page type 'carList'): the content page's blocks, then the car-list island
 * with the URL's state already searched (searchCarList), through the search cache, with exactly the
 * bodies the island sends to /api/search (so hydration searches nothing and its later requests hit the cache).
 */
export const carListPageKind: ContentPageKind = async ({ page, blockData, res, ctx, deps }) => {
  const { market, language } = res.locals;
  const query = res.locals.pageParams;
  const { state: parsed, nearProblem } = await withPostcodePlace(
    parseCarListState(query, market.distanceUnit),
    query.get('postcode'),
    market,
    deps,
    ctx,
  );
  const [results, languageQueries] = await Promise.all([
    searchCarList(parsed, market, deps, ctx).then((found) => withCardQuotes(found, market, deps, ctx)),
    languageQueriesOf('cars', query, res, deps, ctx),
  ]);
  if (results.failed) res.locals.pageIncomplete = true;
  // The plain form sends both ends of every slider; an end-to-end range is no filter.
  const state: CarListState = {
    ...parsed,
    ranges: withoutFullSpans(parsed.ranges, rangeExtentsInIndexUnits(results.facets, market.distanceUnit)),
  };
  return {
    languageQueries,
    body: (
      <ContentPageView page={page} blockData={blockData}>
        <CarListSection
          path={localisePath(market, language, page.path)}
          state={state}
          results={results}
          keep={keptQuery(query)}
          {...(nearProblem ? { nearProblem } : {})}
        />
      </ContentPageView>
    ),
  };
};

/**
 * The first page (its cars, facets and total: the very search a shallow link makes) and, for a deep
 * link, the URL's own page: at most two searches and one page of cars, however deep the link. The cars
 * shown are then the deep page's alone (`fromPage`); the island fetches the pages before it, and
 * without JavaScript load-more goes on from there. A page past the end shows the last one. A failure
 * is logged and reads as an empty result (the island shows carListError).
 */
export async function searchCarList(
  state: CarListState,
  market: Market,
  deps: Pick<PageDeps, 'searchCache' | 'logger'>,
  ctx: CallContext,
): Promise<CarListResults> {
  const search = (page: number) =>
    searchCarSummaryPage(deps.searchCache, market, carListSearchBody(state, page, market.carListDefaults), ctx);
  try {
    const first = await search(0);
    const results: CarListResults = { cars: first.cars, facets: first.facets, total: first.total, failed: false };
    const page = Math.min(state.page, lastPageOf(first.total));
    if (page === 0) return await withFacetsToUndo(state, results, () => searchCarList(EMPTY_STATE, market, deps, ctx));
    return { ...results, cars: (await search(page)).cars, fromPage: page };
  } catch (err) {
    deps.logger.warn(
      { err, requestId: ctx.requestId, market: market.id },
      'car list search failed: shown as an empty result',
    );
    return { cars: [], facets: [], total: 0, failed: true };
  }
}

/**
 * 'Nearest first' from the postcode the plain form sent (with scripts the island asks /api/places/postcode and
 * puts the place in the URL itself): the postcode's place, rounded, replaces it. The postcode is never kept: the
 * page is not cached (server/pageCache/pageKey.ts) and the query is logged without it (server/logger.ts).
 */
async function withPostcodePlace(
  state: CarListState,
  postcode: string | null,
  market: Market,
  deps: Pick<PageDeps, 'upstreams' | 'logger'>,
  ctx: CallContext,
): Promise<{ state: CarListState; nearProblem?: NearProblem }> {
  if (postcode === null || postcode.trim() === '') return { state };
  const typed = PostcodeText.safeParse(postcode);
  const typedBack = postcode.trim().slice(0, 10);
  if (!typed.success)
    return {
      state: { ...state, sortName: 'distance_asc' },
      nearProblem: { kind: 'postcodeUnknown', postcode: typedBack },
    };
  try {
    const place = await deps.upstreams.maps.postcode(postcodeCountryOf(market), typed.data, ctx);
    return { state: withNear(state, { lat: place.latitude, lng: place.longitude }, place.name) };
  } catch (err) {
    const unknown = err instanceof UpstreamError && err.status === 404;
    if (!unknown)
      deps.logger.warn({ err, requestId: ctx.requestId }, 'postcode place failed: the list keeps its order');
    return {
      state: { ...state, sortName: 'distance_asc' },
      nearProblem: { kind: unknown ? 'postcodeUnknown' : 'placeFailed', postcode: typedBack },
    };
  }
}

/**
 * The UK cards' representative quotes (kept once per car and price: server/catalogue/cardQuotes.ts). Without
 * them the cards show the cash price alone, as a car without finance does.
 */
async function withCardQuotes(
  results: CarListResults,
  market: Market,
  deps: Pick<PageDeps, 'cardQuotes' | 'logger'>,
  ctx: CallContext,
): Promise<CarListResults> {
  if (market.monthlyPrice !== 'financeQuote' || results.cars.length === 0) return results;
  try {
    return { ...results, cars: withQuotes(results.cars, await deps.cardQuotes.of(market, results.cars, ctx)) };
  } catch (err) {
    deps.logger.warn({ err, requestId: ctx.requestId }, 'card quotes failed: the cards show the cash price');
    return results;
  }
}

/** The last page with cars of a list of `total` (the list stops at CAR_LIST_MAX_PAGES). */
const lastPageOf = (total: number) =>
  Math.max(0, Math.min(Math.ceil(total / CAR_LIST_PAGE_SIZE), CAR_LIST_MAX_PAGES) - 1);
