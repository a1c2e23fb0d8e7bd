import { fillPath, fillQuery, type CapturedParams, type Destination } from './destination.js';
import { serializeQuery } from './query-string.js';
import type { QueryCondition, RedirectRule } from './redirect-table.js';
import type { RequestTarget } from './request-path.js';

/**
 * The lookup structure of one market: exact sources in a Map, patterns in a tree keyed by
 * their leading static segments. A lookup walks the tree as deep as the request allows and
 * tries only the patterns hanging on that walk, deepest first: a deeper pattern has a static
 * segment where a shallower one has a parameter, so it is the more specific one.
 */
export interface CompiledRule {
  rule: RedirectRule;
  /** What is served: the table's destination, or the end of its chain once flattened. */
  target: Destination;
  /** Rules folded into target when the chain was flattened at compile time. */
  via: RedirectRule[];
  /** True when the served location can never be redirected again, whatever the query. */
  terminal: boolean;
  /** Lower-cased query names not carried over: the conditions of this rule and of the rules in via. */
  dropped: string[];
}

interface TreeNode {
  children: Map<string, TreeNode>;
  patterns: CompiledRule[];
}

export interface RedirectIndex {
  exact: Map<string, CompiledRule[]>;
  root: TreeNode;
  rules: CompiledRule[];
  /** Rules with a ?param=value condition; most tables have few, and none means no query can matter. */
  conditionedCount: number;
}

export interface Hit {
  compiled: CompiledRule;
  params: CapturedParams;
}

const NO_PARAMS: CapturedParams = Object.freeze({});

/** Negative when a wins: exact over pattern, then per segment static > fixed text > parameter > wildcard, then more fixed text, then conditioned, then the later line. */
export function comparePrecedence(a: RedirectRule, b: RedirectRule): number {
  const aExact = a.source.exactPath !== null;
  if (aExact !== (b.source.exactPath !== null)) return aExact ? -1 : 1;
  const length = Math.max(a.source.rank.length, b.source.rank.length);
  for (let i = 0; i < length; i++) {
    const diff = (b.source.rank[i] ?? -1) - (a.source.rank[i] ?? -1);
    if (diff !== 0) return diff;
  }
  if (a.source.staticChars !== b.source.staticChars) return b.source.staticChars - a.source.staticChars;
  if (!a.condition !== !b.condition) return a.condition ? -1 : 1;
  return b.line - a.line;
}

export function buildIndex(compiledRules: CompiledRule[]): RedirectIndex {
  const index: RedirectIndex = {
    exact: new Map(), root: { children: new Map(), patterns: [] }, rules: compiledRules,
    conditionedCount: compiledRules.filter((c) => c.rule.condition).length,
  };
  for (const compiled of compiledRules) {
    const source = compiled.rule.source;
    if (source.exactPath !== null) {
      const list = index.exact.get(source.exactPath) ?? [];
      list.push(compiled);
      index.exact.set(source.exactPath, list);
      continue;
    }
    let node = index.root;
    for (const segment of source.staticPrefix) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map(), patterns: [] }));
      node = child;
    }
    node.patterns.push(compiled);
  }
  const byPrecedence = (a: CompiledRule, b: CompiledRule) => comparePrecedence(a.rule, b.rule);
  for (const list of index.exact.values()) list.sort(byPrecedence);
  const sortTree = (node: TreeNode): void => {
    node.patterns.sort(byPrecedence);
    node.children.forEach(sortTree);
  };
  sortTree(index.root);
  return index;
}

export function conditionHolds(condition: QueryCondition | null, query: Array<[string, string]>): boolean {
  if (condition === null) return true;
  for (const [name, value] of query) {
    if (name.toLowerCase() === condition.name && value.toLowerCase() === condition.value) return true;
  }
  return false;
}

/** Every rule matching the target, best first; with ignoreConditions, conditioned rules count as matching. */
export function findMatches(index: RedirectIndex, target: RequestTarget, ignoreConditions = false): Hit[] {
  const hits: Hit[] = [];
  const holds = (c: CompiledRule) => ignoreConditions || conditionHolds(c.rule.condition, target.query);
  for (const compiled of index.exact.get(target.path) ?? []) if (holds(compiled)) hits.push({ compiled, params: NO_PARAMS });
  const walk: TreeNode[] = [index.root];
  for (const segment of target.segments) {
    const next = walk[walk.length - 1]!.children.get(segment);
    if (!next) break;
    walk.push(next);
  }
  const count = target.segments.length;
  for (let depth = walk.length - 1; depth >= 0; depth--) {
    for (const compiled of walk[depth]!.patterns) {
      const source = compiled.rule.source;
      if (count < source.minSegments || count > source.maxSegments || !holds(compiled)) continue;
      const matched = source.matcher!(target.path);
      if (matched) hits.push({ compiled, params: matched.params });
    }
  }
  return hits;
}

/** The winning rule for the target, or null: the per-request path, so it stops at the first hit. */
export function lookup(index: RedirectIndex, target: RequestTarget): Hit | null {
  const exact = index.exact.get(target.path);
  if (exact !== undefined) {
    for (const compiled of exact) if (conditionHolds(compiled.rule.condition, target.query)) return { compiled, params: NO_PARAMS };
  }
  const count = target.segments.length;
  let node: TreeNode | undefined = index.root;
  const walk: TreeNode[] = [];
  for (let i = 0; node !== undefined; i++) {
    walk.push(node);
    node = i < count ? node.children.get(target.segments[i]!) : undefined;
  }
  for (let depth = walk.length - 1; depth >= 0; depth--) {
    for (const compiled of walk[depth]!.patterns) {
      const source = compiled.rule.source;
      if (count < source.minSegments || count > source.maxSegments) continue;
      if (!conditionHolds(compiled.rule.condition, target.query)) continue;
      const matched = source.matcher!(target.path);
      if (matched) return { compiled, params: matched.params };
    }
  }
  return null;
}

/** The Location for a hit: destination query first and winning, then the request's other parameters, minus the condition's. */
export function buildLocation(hit: Hit, target: RequestTarget): string {
  const destination = hit.compiled.target;
  const path = fillPath(destination, hit.params);
  if (destination.query.length === 0 && target.query.length === 0) return path;
  const query = fillQuery(destination, hit.params);
  const dropped = hit.compiled.dropped;
  for (const pair of target.query) {
    const name = pair[0];
    if (destination.query.some((q) => q.name === name)) continue;
    if (dropped.length > 0 && dropped.includes(name.toLowerCase())) continue;
    query.push(pair);
  }
  const text = serializeQuery(query);
  return text === '' ? path : `${path}?${text}`;
}
