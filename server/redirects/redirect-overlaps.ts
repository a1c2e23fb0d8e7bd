import type { MarketRedirects } from './compile-redirects.js';
import { buildLocation, findMatches } from './redirect-index.js';
import type { RedirectRule } from './redirect-table.js';
import { parseRequestTarget } from './request-path.js';
import { samplePath } from './source-pattern.js';

/**
 * A rule listed after a more general rule that also matches its paths. In a first-match table
 * the earlier rule would shadow it; here the more specific rule wins, and it is redundant when
 * both give the same Location. Operators read this list when cleaning a table up.
 */
export interface Overlap {
  rule: RedirectRule;
  general: RedirectRule;
  redundant: boolean;
}

/** For the lint only: one findMatches per rule, too slow for request time and not needed there. */
export function findOverlaps(market: MarketRedirects): Overlap[] {
  const overlaps: Overlap[] = [];
  for (const compiled of market.index.rules) {
    const rule = compiled.rule;
    const query = rule.condition ? `?${encodeURIComponent(rule.condition.name)}=${encodeURIComponent(rule.condition.value)}` : '';
    const target = parseRequestTarget(samplePath(rule.source) + query);
    if (!target) continue;
    const hits = findMatches(market.index, target);
    const own = hits.findIndex((hit) => hit.compiled === compiled);
    if (own === -1) continue;
    const general = hits.slice(own + 1).find((hit) => hit.compiled.rule.line < rule.line);
    if (!general) continue;
    const redundant = buildLocation(general, target) === buildLocation(hits[own]!, target);
    overlaps.push({ rule, general: general.compiled.rule, redundant });
  }
  return overlaps;
}
