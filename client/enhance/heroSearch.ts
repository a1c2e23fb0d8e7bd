/**
 * The hero search goes to the search page with the keyphrase plus the page's query parameters (part 1
 * §2). The server's hidden fields can carry only the parameters pages read (one cached page answers
 * every URL that differs in the others), less filter values the market does not have; the browser knows
 * its own URL: at submit the form takes every other parameter of it (campaign tags), the typed keyphrase
 * replacing any there.
 */
export function enhanceHeroSearch(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('hero-search')) return;
    // The server's fields carry the parameters pages read, less filters the market lacks (data-page-params names them).
    const judged = new Set(form.dataset.pageParams?.split(' '));
    // Those of an earlier submit (a page back from the cache) go first.
    for (const added of form.querySelectorAll('[data-added]')) added.remove();
    for (const [name, value] of new URLSearchParams(location.search)) {
      if (name === 'keyphrase' || judged.has(name)) continue;
      const input = document.createElement('input');
      input.dataset.added = '';
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
  });
}
