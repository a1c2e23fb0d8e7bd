import type { z } from 'zod';
import type { ServiceRequestFormBlockSchema } from '../../contracts/upstream/content.js';
import type { BlockDataByType } from '../../views/blocks/blockProps.js';
import { listWorkshopDealers } from '../catalogue/workshopDealers.js';
import type { BlockLoadRequest } from './blockLoadRequest.js';

/**
 * The service request's dealers: every site with a Workshop department (limit 100; the motorcycle dealer
 * too, as part 2 §2.3 says), or on a page of type 'mc' the one motorcycle dealer the block names (a
 * motorcycle request goes nowhere else), in the page language's alphabetical order (Norwegian puts
 * Ålesund last, where the search service's folded order puts it first). No dealer at all is a failed
 * load: the block is left out.
 */
export async function loadServiceRequest(
  block: z.infer<typeof ServiceRequestFormBlockSchema>,
  { res, ctx, deps, pageType }: BlockLoadRequest,
): Promise<BlockDataByType['serviceRequestForm']> {
  const typeMC = pageType === 'mc';
  if (typeMC && !block.motorcycleDealerSiteId)
    throw new Error('an mc page needs the block to name its motorcycle dealer');
  const sites = await listWorkshopDealers(
    deps.searchCache,
    res.locals.market,
    ctx,
    typeMC ? block.motorcycleDealerSiteId! : undefined,
  );
  const seen = new Set<string>();
  const byName = new Intl.Collator(res.locals.language).compare;
  // One option per workshop e-mail; the browser gets only the site id and name (the BFF looks the e-mail up again on submit).
  const dealers = sites
    .filter((dealer) => !seen.has(dealer.email) && seen.add(dealer.email))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => byName(a.name, b.name));
  if (dealers.length === 0) throw new Error(typeMC ? 'the motorcycle dealer was not found' : 'no site has a workshop');
  return { dealers, typeMC };
}
