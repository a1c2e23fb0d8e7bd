import type { FormValue } from '../../contracts/upstream/comhub.js';
import { LEAD_FORM_HIDDEN, type PostedValue } from '../../contracts/leadFormPost.js';
import { parseMarketDate, type MarketDateFormat } from '../../client/shared/marketDate.js';

/**
 * Which of a form's fields are not plain text when posted: a number typed as text, a checkbox (sent only
 * when ticked), a field with many choices (sent once per choice).
 */
export interface PostedShape {
  numbers?: readonly string[];
  flags?: readonly string[];
  lists?: readonly string[];
  /** A day typed in the market's way (31.12.2026), sent on as `YYYY-MM-DD` as the island sends it. */
  days?: readonly string[];
}

const HIDDEN: ReadonlySet<string> = new Set(Object.values(LEAD_FORM_HIDDEN));
const FIELD_NAME = /^[A-Za-z0-9_]{1,50}$/;
const MAX_FIELDS = 60;
const MAX_TEXT = 5000;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A posted form's own fields as typed, for showing them again: field names of the hub's shape only, each
 * value bounded, the hidden fields left out. Nothing else of the body is kept.
 */
export function typedFields(body: Record<string, unknown>): Record<string, PostedValue> {
  const kept: Record<string, PostedValue> = {};
  for (const [name, raw] of Object.entries(body).slice(0, MAX_FIELDS + HIDDEN.size)) {
    if (HIDDEN.has(name) || !FIELD_NAME.test(name)) continue;
    const texts = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    const bounded = texts.slice(0, 50).map((text) => text.slice(0, MAX_TEXT));
    if (bounded.length > 0) kept[name] = Array.isArray(raw) ? bounded : bounded[0]!;
  }
  return kept;
}

/**
 * The values a form post means, as the JSON route would get them from the island: text trimmed and left
 * out when empty (so a required field is named as missing by the schema), numbers as numbers, a checkbox
 * true when sent and false when not, choices as a list, a day as ISO. What is not a number or a day stays text
 * for the schema to refuse.
 */
export function valuesFromPost(
  fields: Record<string, PostedValue>,
  shape: PostedShape,
  dateFormat: MarketDateFormat,
): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const flag of shape.flags ?? []) values[flag] = false;
  for (const [name, posted] of Object.entries(fields)) {
    const texts = (Array.isArray(posted) ? posted : [posted]).map((text) => text.trim());
    const first = texts[0] ?? '';
    if (shape.lists?.includes(name)) values[name] = texts.filter(Boolean);
    else if (shape.flags?.includes(name)) values[name] = first !== '' && first !== 'false';
    else if (first === '') continue;
    else if (shape.numbers?.includes(name) && NUMBER.test(first)) values[name] = Number(first);
    else if (shape.days?.includes(name)) values[name] = parseMarketDate(first, dateFormat) ?? first;
    else values[name] = first;
  }
  return values;
}
