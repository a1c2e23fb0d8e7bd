/** Keeps an editor's preview token while they navigate: a session cookie the browser's scripts cannot read. */
export const PREVIEW_COOKIE = 'content_preview';

/**
 * The tire-hotel tokens live in cookies only the BFF reads (server/api/tirehotelSession.ts):
 *  - `th_login`: the login token of the code just sent (10 minutes), which validate needs;
 *  - `th_session`: the session token validate answers, attached to booking and review calls.
 */
export const TOKEN_COOKIES = { login: 'th_login', session: 'th_session' } as const;

/**
 * Names the answer of a lead form posted without scripts (server/api/postedForms.ts), for the page the post
 * redirects to: a one-time token, for ten minutes at most, taken away by the page that shows the answer.
 */
export const POSTED_FORM_COOKIE = 'lead_form';

/**
 * Cookies that make a request one person's (an editor's preview, a tire-hotel login, a lead form's answer): a page asked with
 * one is never served from or into a shared cache (server/pageCache/pageKey.ts).
 */
export const PERSONAL_COOKIES: readonly string[] = [
  PREVIEW_COOKIE,
  ...Object.values(TOKEN_COOKIES),
  POSTED_FORM_COOKIE,
];
