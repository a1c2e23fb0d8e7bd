/**
 * The hero search goes to the search page with the keyphrase plus the page's query parameters (part 1
 * §2). The server's hidden fields can carry only the parameters pages read (one cached page answers
 * every URL that differs in the others), but the browser knows its own URL: at submit the form takes
 * every parameter of it (campaign tags, repeated filters), the typed keyphrase replacing any there.
 */
export function enhanceHeroSearch(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('hero-search')) return;
    for (const hidden of form.querySelectorAll('input[type="hidden"]')) hidden.remove();
    for (const [name, value] of new URLSearchParams(location.search)) {
      if (name === 'keyphrase') continue;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
  });
}
