import { parseDestination, type Destination } from './destination.js';
import { parseSourcePattern, type SourcePattern } from './source-pattern.js';

/**
 * One human-edited table: `SOURCE  DESTINATION  [?param=value]  [# note]` per line,
 * whitespace separated; blank lines and lines starting with `#` are ignored.
 */
export interface QueryCondition {
  /** Lower-cased: query names and values are compared case-insensitively. */
  name: string;
  value: string;
  text: string;
}

export interface RedirectRule {
  table: string;
  line: number;
  sourceText: string;
  source: SourcePattern;
  destination: Destination;
  condition: QueryCondition | null;
  note: string;
}

export interface RedirectTable {
  name: string;
  rules: RedirectRule[];
}

/** Every refusal names the table and line so an operator can fix it in one look. */
export class RedirectTableError extends Error {
  constructor(
    readonly table: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${table}:${line}: ${detail}`);
    this.name = 'RedirectTableError';
  }
}

function parseCondition(text: string): QueryCondition {
  const found = /^\?([^=&\s]+)=([^&\s]+)$/.exec(text);
  if (!found) throw new Error(`query condition ${text} must look like ?param=value`);
  let name: string, value: string;
  try {
    name = decodeURIComponent(found[1]!);
    value = decodeURIComponent(found[2]!);
  } catch {
    throw new Error(`query condition ${text} has a malformed percent-escape`);
  }
  return { name: name.toLowerCase(), value: value.toLowerCase(), text };
}

export function parseRedirectRule(table: string, line: number, text: string): RedirectRule | null {
  const hash = text.search(/(^|\s)#/);
  const body = (hash === -1 ? text : text.slice(0, hash)).trim();
  const note = hash === -1 ? '' : text.slice(hash).trim().replace(/^#\s*/, '');
  if (body === '') return null;
  const fields = body.split(/\s+/);
  if (fields.length < 2 || fields.length > 3) {
    throw new RedirectTableError(table, line, `expected SOURCE DESTINATION [?param=value] [# note], found ${fields.length} field(s)`);
  }
  try {
    const source = parseSourcePattern(fields[0]!);
    return {
      table, line, note, source,
      sourceText: fields[0]!,
      destination: parseDestination(fields[1]!, source),
      condition: fields[2] === undefined ? null : parseCondition(fields[2]),
    };
  } catch (error) {
    throw new RedirectTableError(table, line, (error as Error).message);
  }
}

/** Parses a whole table; the first bad line throws a RedirectTableError naming it. */
export function parseRedirectTable(name: string, text: string): RedirectTable {
  const rules: RedirectRule[] = [];
  text.split('\n').forEach((raw, i) => {
    const rule = parseRedirectRule(name, i + 1, raw.replace(/\r$/, ''));
    if (rule) rules.push(rule);
  });
  return { name, rules };
}
