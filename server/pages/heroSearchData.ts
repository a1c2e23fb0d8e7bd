import type { z } from 'zod';
import type { HeroSearchData } from '../../views/blocks/blockProps.js';
import type { HeroBlockSchema } from '../../contracts/upstream/content.js';
import { foldSearchText } from '../../contracts/upstream/searchWords.js';
import { EMPTY_STATE } from '../../client/shared/carList/carListUrlState.js';
import { URL_TERM_FIELDS } from '../../client/shared/carList/carListConfig.js';
import type { BlockLoadRequest } from './blockLoadRequest.js';
import { searchCarList } from './carListPage.js';

const TERM_FIELDS: ReadonlySet<string> = new Set(URL_TERM_FIELDS);

/**
 * What the hero search carries to the car list besides the keyphrase: the page's parameters, less the filter values
 * this market's cars do not have (issue 49: 'car_fuel=El' from a Swedish link ended on an empty list in the UK, Finland
 * and Slovakia). Judged by the market's unfiltered car list, the search the car list makes anyway; a plain page asks
 * nothing. When the search fails every value goes on, as before, and the page is not kept as whole.
 */
export async function loadHeroSearch(
  block: z.infer<typeof HeroBlockSchema>,
  { res, ctx, deps }: BlockLoadRequest,
): Promise<HeroSearchData> {
  const carried = [...res.locals.pageParams].filter(([name]) => name !== 'keyphrase');
  const shown = block.showSearch && block.height !== 'full';
  if (!shown || !carried.some(([name]) => TERM_FIELDS.has(name))) return { carried };
  const list = await searchCarList(EMPTY_STATE, res.locals.market, deps, ctx);
  if (list.failed) {
    res.locals.pageIncomplete = true;
    return { carried };
  }
  const values = new Map<string, Set<string>>();
  for (const facet of list.facets)
    if (facet.type === 'term')
      values.set(facet.name, new Set(facet.values.map((v) => foldSearchText(String(v.value)))));
  // A field the list has no facet of is not judged.
  return { carried: carried.filter(([name, value]) => values.get(name)?.has(foldSearchText(value)) ?? true) };
}
