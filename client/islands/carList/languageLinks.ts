/**
 * The header's language links to this same page (`data-same-page`, views/layout/LanguageSwitch.tsx)
 * carry the list's query: the server wrote it for the first state, this keeps it for every later one.
 */
export function keepQueryOnLanguageLinks(search: string): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.language-switch a[data-same-page]')) {
    const url = new URL(link.href, location.href);
    url.search = search;
    link.setAttribute('href', url.pathname + url.search);
  }
}
