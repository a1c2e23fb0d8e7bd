import type { MarketId } from '../../markets/schema.js';
import { MAX_HOPS, type CompiledRedirects } from './compile-redirects.js';
import { buildLocation, lookup, type CompiledRule } from './redirect-index.js';
import type { RedirectRule } from './redirect-table.js';
import { isSameHostPath, parseRequestTarget } from './request-path.js';

export interface RuleRef {
  table: string;
  line: number;
  source: string;
  destination: string;
  condition: string | null;
  note: string;
}

export interface RedirectResolution {
  /** A path on the same host, with query. */
  location: string;
  /** The rule that matched the request. */
  rule: RuleRef;
  /** Further moves folded into the location (at compile time or, for patterns, here). */
  via: RuleRef[];
}

const refOf = (rule: RedirectRule): RuleRef => ({
  table: rule.table,
  line: rule.line,
  source: rule.sourceText,
  destination: rule.destination.text,
  condition: rule.condition?.text ?? null,
  note: rule.note,
});

/** The permanent redirect for a request on a market's host, or null. Pure: no I/O. */
export function resolveRedirect(compiled: CompiledRedirects, marketId: MarketId, pathWithQuery: string): RedirectResolution | null {
  const market = compiled.markets.get(marketId);
  if (!market) return null;
  let target = parseRequestTarget(pathWithQuery);
  if (!target) return null;
  const first = lookup(market.index, target);
  if (!first) return null;

  let location = buildLocation(first, target);
  const followed: CompiledRule[] = [first.compiled];
  // Chains that could not be cut at compile time (placeholders, query-dependent) are followed here.
  if (!first.compiled.terminal) {
    for (let hop = 0; ; hop++) {
      target = parseRequestTarget(location);
      if (!target) return null;
      const next = lookup(market.index, target);
      if (!next) break;
      // A loop only reachable through request values: serving nothing beats serving a loop.
      if (hop >= MAX_HOPS || followed.includes(next.compiled)) return null;
      followed.push(next.compiled);
      location = buildLocation(next, target);
      if (next.compiled.terminal) break;
    }
  }
  if (!isSameHostPath(location)) return null;
  return {
    location,
    rule: refOf(first.compiled.rule),
    via: followed.flatMap((c, i) => [...(i === 0 ? [] : [c.rule]), ...c.via]).map(refOf),
  };
}
