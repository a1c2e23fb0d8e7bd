import { match, type MatchFunction, type ParamData } from 'path-to-regexp';
import { canonicalSegment } from './request-path.js';

/**
 * A table source such as `/used/{path*}` or `/anlaggningar/{id}/hedin-bil-{location}`.
 * `{name}` is one segment (or the rest of a segment after/before fixed text), `{name*}` is one
 * or more whole segments at the end. Shapes that make regular expressions backtrack badly
 * (two parameters in one segment, a wildcard mid-path) are refused rather than compiled.
 */
export type SourceSegment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string; prefix: string; suffix: string }
  | { kind: 'wildcard'; name: string };

export interface SourcePattern {
  segments: SourceSegment[];
  /** Equal for two sources that match exactly the same paths (parameter names erased). */
  key: string;
  /** The canonical path when the source has no parameter, else null. */
  exactPath: string | null;
  /** Leading static segments: where the pattern sits in the lookup tree. */
  staticPrefix: string[];
  /** Per segment: 3 static, 2 fixed text around a parameter, 1 parameter, 0 wildcard. */
  rank: number[];
  staticChars: number;
  params: Map<string, 'param' | 'wildcard'>;
  minSegments: number;
  maxSegments: number;
  /** Null for exact sources. */
  matcher: MatchFunction<ParamData> | null;
}

const MAX_SEGMENTS = 16;
const MAX_SOURCE_LENGTH = 400;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** path-to-regexp's own escaping for literal text. */
const escapeText = (text: string): string => text.replace(/[{}()[\]+?!:*\\]/g, '\\$&');

function canonicalText(raw: string, source: string): string {
  if (raw === '') return '';
  // Fixed text around a parameter may be partial (`hedin-bil-`), so a decoded '.' is fine here.
  const canonical = canonicalSegment(raw.toLowerCase()) ?? (raw === '.' ? '.' : null);
  if (canonical === null) throw new Error(`source ${source} has a malformed or forbidden segment "${raw}"`);
  return canonical;
}

function parseSegment(raw: string, isLast: boolean, source: string): SourceSegment {
  const placeholders = [...raw.matchAll(PLACEHOLDER)];
  const stray = raw.replace(PLACEHOLDER, '');
  if (stray.includes('{') || stray.includes('}')) throw new Error(`source ${source} has an unbalanced brace`);
  if (placeholders.length === 0) {
    const text = canonicalText(raw, source);
    if (text === '' || text === '.') throw new Error(`source ${source} has an empty or dot segment`);
    return { kind: 'static', text };
  }
  if (placeholders.length > 1) {
    throw new Error(`source ${source}: two parameters in one segment ("${raw}") are prone to catastrophic backtracking`);
  }
  const found = placeholders[0]!;
  const inner = found[1]!;
  const isWildcard = inner.endsWith('*');
  const name = isWildcard ? inner.slice(0, -1) : inner;
  if (!PARAM_NAME.test(name)) throw new Error(`source ${source} has an invalid parameter name "${inner}"`);
  if (isWildcard) {
    if (raw !== found[0] || !isLast) {
      throw new Error(`source ${source}: a wildcard must be a whole last segment; elsewhere it is prone to catastrophic backtracking`);
    }
    return { kind: 'wildcard', name };
  }
  const at = found.index;
  return { kind: 'param', name, prefix: canonicalText(raw.slice(0, at), source), suffix: canonicalText(raw.slice(at + found[0].length), source) };
}

function toMatcherPath(segments: SourceSegment[]): string {
  return segments
    .map((s) => (s.kind === 'static' ? '/' + escapeText(s.text) : s.kind === 'wildcard' ? `/*${s.name}` : `/${escapeText(s.prefix)}:${s.name}${escapeText(s.suffix)}`))
    .join('');
}

/** Parses and validates one source; throws an Error whose message the table parser prefixes with table:line. */
export function parseSourcePattern(source: string): SourcePattern {
  if (!source.startsWith('/') || source.startsWith('//')) throw new Error(`source ${source} must be a path starting with a single /`);
  if (source.length > MAX_SOURCE_LENGTH) throw new Error(`source is longer than ${MAX_SOURCE_LENGTH} characters`);
  const trimmed = source.length > 1 && source.endsWith('/') ? source.slice(0, -1) : source;
  const rawSegments = trimmed === '/' ? [] : trimmed.slice(1).split('/');
  if (rawSegments.length > MAX_SEGMENTS) throw new Error(`source ${source} has more than ${MAX_SEGMENTS} segments`);
  const segments = rawSegments.map((raw, i) => parseSegment(raw, i === rawSegments.length - 1, source));

  const params = new Map<string, 'param' | 'wildcard'>();
  for (const s of segments) {
    if (s.kind === 'static') continue;
    if (params.has(s.name)) throw new Error(`source ${source} uses the parameter name "${s.name}" twice`);
    params.set(s.name, s.kind);
  }
  const rank = segments.map((s) => (s.kind === 'static' ? 3 : s.kind === 'wildcard' ? 0 : s.prefix || s.suffix ? 2 : 1));
  const staticChars = segments.reduce((n, s) => n + (s.kind === 'static' ? s.text.length : s.kind === 'param' ? s.prefix.length + s.suffix.length : 0), 0);
  const firstDynamic = segments.findIndex((s) => s.kind !== 'static');
  const staticPrefix = segments.slice(0, firstDynamic === -1 ? segments.length : firstDynamic).map((s) => (s as { text: string }).text);
  const key = '/' + segments.map((s) => (s.kind === 'static' ? s.text : s.kind === 'wildcard' ? '{*}' : `${s.prefix}{}${s.suffix}`)).join('/');
  const hasWildcard = segments.at(-1)?.kind === 'wildcard';

  let matcher: MatchFunction<ParamData> | null = null;
  if (params.size > 0) {
    try {
      // Inputs are already canonical (decoded once, lower-cased): no decoding, no trailing slash, no
      // case folding (an `i` regexp costs more to compile and run and would fold nothing).
      matcher = match(toMatcherPath(segments), { decode: false, trailing: false, sensitive: true });
    } catch (error) {
      throw new Error(`source ${source} is not a valid pattern: ${(error as Error).message}`);
    }
  }
  return {
    segments, key, staticPrefix, rank, staticChars, params, matcher,
    exactPath: params.size === 0 ? key : null,
    minSegments: segments.length,
    maxSegments: hasWildcard ? Number.POSITIVE_INFINITY : segments.length,
  };
}

/** A path this source matches, with made-up parameter values: used to test chains and overlaps. */
export function samplePath(pattern: SourcePattern): string {
  const sample = (name: string) => `sample-${name.toLowerCase()}`;
  return '/' + pattern.segments.map((s) => (s.kind === 'static' ? s.text : s.kind === 'wildcard' ? sample(s.name) : s.prefix + sample(s.name) + s.suffix)).join('/');
}
