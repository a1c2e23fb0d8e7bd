import { fillPath, fillQuery, type CapturedParams } from '../destination.js';
import type { RedirectRule } from '../redirect-table.js';
import { canonicalSegments } from '../request-path.js';
import { parseSourcePattern, type SourcePattern } from '../source-pattern.js';
import { serializeQuery } from '../query-string.js';

/** One concrete request a rule answers, and where the rule says it goes. */
export interface RuleSample {
  /** The source filled in, with the rule's condition as query. */
  source: string;
  /** The destination filled in with the same values. */
  destination: string;
  /** Why no live value could be found for a placeholder in the destination's path (then nothing is requested). */
  unbound: string | null;
}

const made = (name: string) => `sample-${name.toLowerCase()}`;

function fillSource(pattern: SourcePattern, params: CapturedParams): string {
  if (pattern.segments.length === 0) return '/';
  return '/' + pattern.segments.map((s) => {
    if (s.kind === 'static') return s.text;
    const value = params[s.name] ?? made(s.name);
    return s.kind === 'wildcard' ? (Array.isArray(value) ? value.join('/') : value) : s.prefix + String(value) + s.suffix;
  }).join('/');
}

/**
 * Values for a pattern rule's placeholders. A placeholder in the destination's path must name
 * something that exists (a site slug, a brand listing), so its value is taken from a live page the
 * destination pattern matches; the rest (query values, parts the destination drops) are made up.
 */
function bindings(rule: RedirectRule, livePaths: readonly string[]): { params: CapturedParams; unbound: string | null } {
  const pathPattern = rule.destination.path.some((p) => p.kind !== 'text') ? rule.destination.text.split('?')[0]! : null;
  if (!pathPattern) {
    return { params: Object.fromEntries([...rule.source.params.keys()].map((n) => [n, made(n)])), unbound: null };
  }
  const matcher = parseSourcePattern(pathPattern).matcher!;
  // The last match: live paths come content first, then the sitemap's sites and cars, the likeliest meaning of a pattern.
  for (const live of [...livePaths].reverse()) {
    const segments = canonicalSegments(live.split('?')[0]!);
    if (!segments) continue;
    const found = matcher('/' + segments.join('/'));
    if (!found) continue;
    const params: CapturedParams = {};
    for (const name of rule.source.params.keys()) params[name] = (found.params[name] as string | string[] | undefined) ?? made(name);
    return { params, unbound: null };
  }
  return { params: {}, unbound: `no live page matches ${pathPattern}` };
}

/** The request a rule is checked with; live paths supply real values for placeholders the destination's path uses. */
export function sampleRule(rule: RedirectRule, livePaths: readonly string[]): RuleSample {
  const { params, unbound } = rule.source.params.size > 0 ? bindings(rule, livePaths) : { params: {}, unbound: null };
  const condition = rule.condition ? `?${serializeQuery([[rule.condition.name, rule.condition.value]])}` : '';
  const destination = rule.destination;
  const query = serializeQuery(fillQuery(destination, params));
  return {
    source: fillSource(rule.source, params) + condition,
    destination: fillPath(destination, params) + (query ? `?${query}` : ''),
    unbound,
  };
}
