/**
 * Every request an island or enhancement makes to the BFF goes through `bffFetch`, so each carries the
 * page's language (the `lang` of <html>, which the server set: 'sv' on fi.localhost/sv):
 * - in Accept-Language, which the BFF words its own messages in (a limit's 429, a refusal);
 * - for the answers that hold texts, in the request itself (`TEXT_ANSWERS`): those answers are cached
 *   by their request, never by a header, so the language is part of what is asked.
 * The server renders the same searches with the page's language, so a shopper's click answers in the
 * language the page was rendered in (kits, compare, the car list, stories).
 */

/** The BFF's answers with texts, and the request field each reads their language from. */
const TEXT_ANSWERS: Readonly<Record<string, { body: string } | { query: string }>> = {
  '/api/search': { body: 'language' },
  '/api/stories': { query: 'lang' },
};

/** The page's language; '' outside a page (the server, a test). */
export function pageLanguage(): string {
  return typeof document === 'undefined' ? '' : document.documentElement.lang;
}

export interface BffInit extends RequestInit {
  /** A JSON body, sent with its content type (instead of `body`). */
  json?: object;
}

/** The URL and body of a request in a language: what `bffFetch` sends. */
export function inLanguage(
  url: URL,
  json: object | undefined,
  language: string,
): { url: URL; body: string | undefined } {
  const field = TEXT_ANSWERS[url.pathname];
  if (language && field && 'query' in field && !url.searchParams.has(field.query))
    url.searchParams.set(field.query, language);
  const withLanguage = language && field && 'body' in field && json ? { [field.body]: language, ...json } : json;
  return { url, body: withLanguage === undefined ? undefined : JSON.stringify(withLanguage) };
}

/** The headers every BFF request carries: JSON accepted unless said otherwise, and the page's language. */
export function bffHeaders(given?: HeadersInit): Headers {
  const headers = new Headers(given);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const language = pageLanguage();
  if (language) headers.set('accept-language', language);
  return headers;
}

/** A request to the BFF (a same-origin path) in the page's language. */
export function bffFetch(path: string | URL | Request, { json, ...init }: BffInit = {}): Promise<Response> {
  const { url, body } = inLanguage(
    new URL(path instanceof Request ? path.url : path, location.href),
    json,
    pageLanguage(),
  );
  const headers = bffHeaders(init.headers);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${url.pathname}${url.search}`, { ...init, headers, body: body ?? init.body });
}
