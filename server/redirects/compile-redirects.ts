import type { MarketId } from '../../markets/schema.js';
import { parseDestination } from './destination.js';
import { buildIndex, buildLocation, findMatches, lookup, type CompiledRule, type Hit, type RedirectIndex } from './redirect-index.js';
import { RedirectTableError, type RedirectRule, type RedirectTable } from './redirect-table.js';
import { parseRequestTarget, type RequestTarget } from './request-path.js';
import { samplePath } from './source-pattern.js';

/** Longer chains are refused: a table that needs more moves than this is a table to clean up. */
export const MAX_HOPS = 10;

export interface RedirectReport {
  ruleCount: number;
  /** A later line with the same source, condition and destination as an earlier one. */
  duplicates: Array<{ rule: RedirectRule; duplicateOf: RedirectRule; caseVariant: boolean }>;
  /** One source and condition with different destinations: the last line wins (newest move). */
  conflicts: Array<{ rules: RedirectRule[]; winner: RedirectRule }>;
  /** Destinations that are themselves redirected; `atRequestTime` when followed per request (placeholders, query-dependent). */
  chains: Array<{ rule: RedirectRule; via: RedirectRule[]; final: string; atRequestTime: boolean }>;
}

export interface MarketRedirects {
  marketId: MarketId;
  table: string;
  index: RedirectIndex;
  report: RedirectReport;
}

export interface CompiledRedirects {
  markets: ReadonlyMap<MarketId, MarketRedirects>;
}

const ruleAt = (rule: RedirectRule) => `${rule.sourceText} (line ${rule.line})`;

/** Same source and condition: only the last line is kept; the rest are reported. */
function keepNewest(rules: RedirectRule[], report: RedirectReport): RedirectRule[] {
  const groups = new Map<string, RedirectRule[]>();
  for (const rule of rules) {
    const key = `${rule.source.key}?${rule.condition ? `${rule.condition.name}=${rule.condition.value}` : ''}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, [rule]);
      continue;
    }
    const same = group.find((earlier) => earlier.destination.text === rule.destination.text);
    if (same) report.duplicates.push({ rule, duplicateOf: same, caseVariant: same.sourceText !== rule.sourceText });
    group.push(rule);
  }
  const winners: RedirectRule[] = [];
  for (const group of groups.values()) {
    const winner = group[group.length - 1]!;
    if (group.length > 1 && group.some((r) => r.destination.text !== winner.destination.text)) report.conflicts.push({ rules: group, winner });
    winners.push(winner);
  }
  return winners;
}

/** True when some query-conditioned rule could take this path, unless the query already fixes that parameter. */
function dependsOnQuery(index: RedirectIndex, target: RequestTarget): boolean {
  if (index.conditionedCount === 0) return false;
  const fixed = new Set(target.query.map(([name]) => name.toLowerCase()));
  return findMatches(index, target, true).some((hit) => hit.compiled.rule.condition && !fixed.has(hit.compiled.rule.condition.name));
}

interface Chain {
  via: RedirectRule[];
  /** Where the chain can be cut at compile time: the location and the rules folded into it. */
  flattened: { location: string; via: RedirectRule[]; terminal: boolean };
  final: string;
}

/** Follows a rule's destination through the raw (unflattened) index; throws on a loop or an over-long chain. */
function followChain(index: RedirectIndex, first: Hit, start: RequestTarget): Chain {
  const rule = first.compiled.rule;
  const seen: RedirectRule[] = [rule];
  let location = buildLocation(first, start);
  let flattened: Chain['flattened'] | null = null;
  for (;;) {
    const target = parseRequestTarget(location);
    if (!target) throw new RedirectTableError(rule.table, rule.line, `destination ${location} cannot be requested`);
    const queryDependent = dependsOnQuery(index, target);
    if (queryDependent && !flattened) flattened = { location, via: seen.slice(1), terminal: false };
    const next = lookup(index, target);
    if (!next) {
      flattened ??= { location, via: seen.slice(1), terminal: true };
      return { via: seen.slice(1), flattened, final: location };
    }
    const repeat = seen.indexOf(next.compiled.rule);
    if (repeat !== -1) {
      // Name the rule where the loop closes, not a rule that merely leads into it.
      const looping = seen[repeat]!;
      const loop = [...seen.slice(repeat), looping].map(ruleAt).join(' -> ');
      throw new RedirectTableError(looping.table, looping.line, `redirect loop: ${loop}`);
    }
    if (seen.length > MAX_HOPS) throw new RedirectTableError(rule.table, rule.line, `redirect chain longer than ${MAX_HOPS} hops`);
    seen.push(next.compiled.rule);
    location = buildLocation(next, target);
  }
}

/** The start of a rule's chain: its own source path (sample values for parameters) and condition. */
function startOf(compiled: CompiledRule): { hit: Hit; target: RequestTarget } {
  const rule = compiled.rule;
  const query = rule.condition ? `?${encodeURIComponent(rule.condition.name)}=${encodeURIComponent(rule.condition.value)}` : '';
  const exactPath = rule.source.exactPath;
  if (exactPath !== null && query === '') {
    return { hit: { compiled, params: {} }, target: { segments: rule.source.staticPrefix, path: exactPath, query: [] } };
  }
  const target = parseRequestTarget(samplePath(rule.source) + query)!;
  const matched = rule.source.matcher ? rule.source.matcher(target.path) : { params: {} };
  return { hit: { compiled, params: matched ? matched.params : {} }, target };
}

export function compileMarket(marketId: MarketId, table: RedirectTable): MarketRedirects {
  const report: RedirectReport = { ruleCount: table.rules.length, duplicates: [], conflicts: [], chains: [] };
  const compiledRules: CompiledRule[] = keepNewest(table.rules, report).map((rule) => ({
    rule, target: rule.destination, via: [], terminal: false, dropped: rule.condition ? [rule.condition.name] : [],
  }));
  const index = buildIndex(compiledRules);

  // Compute every chain against the raw destinations first, then swap targets in.
  const flattenedTargets = compiledRules.map((compiled) => {
    const { hit, target } = startOf(compiled);
    const chain = followChain(index, hit, target);
    const placeholders = compiled.rule.destination.hasPlaceholders;
    if (chain.via.length > 0) {
      const atRequestTime = placeholders || chain.flattened.via.length < chain.via.length;
      report.chains.push({ rule: compiled.rule, via: chain.via, final: chain.final, atRequestTime });
    }
    return placeholders ? null : chain.flattened;
  });
  compiledRules.forEach((compiled, i) => {
    const flattened = flattenedTargets[i];
    if (!flattened) return;
    compiled.terminal = flattened.terminal;
    if (flattened.via.length === 0) return;
    compiled.target = parseDestination(flattened.location, null);
    compiled.via = flattened.via;
    // A request parameter a later hop would have overridden or dropped must not come back.
    for (const rule of flattened.via) if (rule.condition) compiled.dropped.push(rule.condition.name);
  });
  return { marketId, table: table.name, index, report };
}

/** Compiles every market's table once at start-up; any refusal throws a RedirectTableError naming table:line. */
export function compileRedirects(tables: ReadonlyArray<{ marketId: MarketId; table: RedirectTable }>): CompiledRedirects {
  const markets = new Map<MarketId, MarketRedirects>();
  for (const { marketId, table } of tables) {
    if (markets.has(marketId)) throw new Error(`two redirect tables for market ${marketId}`);
    markets.set(marketId, compileMarket(marketId, table));
  }
  return { markets };
}
