/**
 * Speculation rules (Chromium): a same-site page link the shopper rests the pointer on for a moment (or
 * touches) is prerendered, so the page it opens is already there (`moderate` eagerness; Chromium keeps at
 * most two such pages). Pages are cached and cost the server little. Never: /api (where forms and the
 * flows write), /media and /assets (files, not pages), links with a query (a list's filters, paging and
 * load-more, which the lists handle in the page, and editing-mode `?preview=` links), `nofollow`, download
 * and new-window links, anything that looks like a logout. A page in editing mode carries no rules
 * (views/Document.tsx). Prerendered pages count analytics and field data once, when shown (client/prerender.ts).
 *
 * Written inline in every page, the same bytes everywhere: the CSP allows it by its hash (server/http/security.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: '/media/*' } },
          { not: { href_matches: '/assets/*' } },
          { not: { href_matches: '/*logout*' } },
          // URL patterns match as written: /API/stories and /LOGOUT, in the letter case they are linked in.
          { not: { selector_matches: 'a[href*="/api" i], a[href*="logout" i]' } },
          { not: { selector_matches: 'a[href*="?"], [rel~="nofollow"], [download], [target]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});
