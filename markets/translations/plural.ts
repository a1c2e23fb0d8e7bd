/**
 * Texts that count ('1 bil', '2 bilar'; Slovak '1 auto', '2 autá', '5 áut'): one form per plural
 * category of the language (`Intl.PluralRules`: en, sv, nb, fi have one and other; sk has one, few,
 * many and other), written in the dictionaries as `{ one: '{count} bil', other: '{count} bilar' }`.
 * `{count}` is the number that chooses the form. The server's translate function and the islands
 * (which get the forms as props and count in the browser) both go through `countText`.
 */

export type PluralCategory = Intl.LDMLPluralRule;

/** The forms of one count text; `other` is the one every language has. */
export type PluralText = Readonly<Partial<Record<PluralCategory, string>> & { other: string }>;

const rulesByLocale = new Map<string, Intl.PluralRules>();

/** The plural category of a number in a language or locale ('sk', 'sv-SE'). */
export function pluralCategory(locale: string, count: number): PluralCategory {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    rulesByLocale.set(locale, rules);
  }
  return rules.select(count);
}

/** A template with its `{name}` placeholders filled; an unknown name stays as written. */
export function fillText(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function isPluralText(text: string | PluralText): text is PluralText {
  return typeof text === 'object';
}

/**
 * The form of `count` with its placeholders filled. `{count}` shows `params.count` when the caller
 * formats the number itself ('10 000+'), else the number.
 */
export function countText(
  text: PluralText,
  locale: string,
  count: number,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const form = text[pluralCategory(locale, count)] ?? text.other;
  return fillText(form, { count, ...params });
}
