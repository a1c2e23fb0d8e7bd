/**
 * Intl formatters, made once per locale and options: building one costs far more than using it,
 * and a page formats hundreds of figures (prices, distances, file sizes, dates).
 */
const numberFormats = new Map<string, NumberFormatter>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(formats: Map<string, F>, locale: string, options: object, make: (key: string) => F): F {
  // Intl options are flat: name=value pairs make the key at a third of JSON.stringify's cost (a car list formats 300 figures).
  let key = locale;
  for (const name in options) key += `|${name}=${String((options as Record<string, unknown>)[name])}`;
  let format = formats.get(key);
  if (!format) {
    format = make(key);
    formats.set(key, format);
  }
  return format;
}

/** A number formatter's one use here. */
export interface NumberFormatter {
  format(value: number): string;
}

/** Figures as an island's server render wrote them: formatter key → the value as text → the figure. */
export type WrittenFigures = Record<string, Record<string, string>>;

/** Filled while an island renders on the server (`recordFigures`). */
let recording: WrittenFigures | null = null;
/** In the browser, the figures the server wrote into the islands' HTML (`knowFigures`). */
const known = new Map<string, Map<string, string>>();

/**
 * A page's first Intl.NumberFormat costs its renderer the number data of ICU: 100–170 ms on this machine at load 20
 * (60 ms at its quietest), the car list's longest task while its island hydrated (issue 49). So in the browser the
 * formatter is made only for a figure the server did not write: hydration finds all of its figures known.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  return cached(numberFormats, locale, options, (key) => {
    let intl: Intl.NumberFormat | undefined;
    return {
      format(value) {
        const text =
          known.get(key)?.get(String(value)) ?? (intl ??= new Intl.NumberFormat(locale, options)).format(value);
        if (recording) (recording[key] ??= {})[String(value)] = text;
        return text;
      },
    };
  });
}

/** Runs a render (synchronous, on the server) and gives the figures it formatted with it; null when none. */
export function recordFigures<T>(render: () => T): { result: T; figures: WrittenFigures | null } {
  const figures: WrittenFigures = {};
  recording = figures;
  try {
    return { result: render(), figures: Object.keys(figures).length > 0 ? figures : null };
  } finally {
    recording = null;
  }
}

/** In the browser, before an island hydrates: the figures its server render wrote. */
export function knowFigures(figures: WrittenFigures): void {
  for (const [key, texts] of Object.entries(figures)) {
    const map = known.get(key) ?? new Map<string, string>();
    for (const [value, text] of Object.entries(texts)) map.set(value, text);
    known.set(key, map);
  }
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
