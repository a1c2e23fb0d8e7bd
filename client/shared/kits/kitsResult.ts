import type { KitFacetName, KitFacetValue, KitItem } from './kitsQuery.js';

export interface KitsResult {
  /** The kits of pages `fromPage`.. on. */
  kits: KitItem[];
  total: number;
  facets: Record<KitFacetName, KitFacetValue[]>;
  /** A deep link's page, rendered on the server alone (0 when left out): the island fetches the ones before it. */
  fromPage?: number;
}

/** The kits search's facets as the filter panel lists them (the server's first render and the island's later searches). */
export function facetsOf(
  facets: readonly { name: string; type: string; values?: readonly { value: unknown; count: number }[] }[],
): Record<KitFacetName, KitFacetValue[]> {
  const of = (name: KitFacetName) =>
    (facets.find((f) => f.name === name && f.type === 'term')?.values ?? []).map((v) => ({
      value: String(v.value),
      count: v.count,
    }));
  return { brand: of('brand'), category: of('category') };
}
