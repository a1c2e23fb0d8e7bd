/**
 * Disclosure buttons (`button[aria-controls][aria-expanded]` marked data-disclosure): a click toggles
 * the controlled element; Escape closes the innermost open one and gives focus back to its button;
 * opening a top-level menu panel closes its siblings, and a click outside the header closes them.
 */
const SELECTOR = 'button[data-disclosure]';

function controlled(button: HTMLButtonElement): HTMLElement | null {
  return document.getElementById(button.getAttribute('aria-controls') ?? '');
}

export function setOpen(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  const target = controlled(button);
  if (target) target.hidden = !open;
}

function closeGroup(group: string, except?: HTMLButtonElement): void {
  for (const other of document.querySelectorAll<HTMLButtonElement>(`${SELECTOR}[data-group="${group}"]`)) {
    if (other !== except && other.getAttribute('aria-expanded') === 'true') setOpen(other, false);
  }
}

export function enhanceDisclosures(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(SELECTOR);
    if (button) {
      const open = button.getAttribute('aria-expanded') !== 'true';
      if (open && button.dataset.group) closeGroup(button.dataset.group, button);
      setOpen(button, open);
      return;
    }
    if (!(event.target as Element).closest('.site-header')) closeGroup('mega');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = [...document.querySelectorAll<HTMLButtonElement>(`${SELECTOR}[aria-expanded="true"]`)];
    // The innermost open disclosure is the one whose panel holds the focus, else the last opened in the document.
    const focused = open.filter((b) => controlled(b)?.contains(document.activeElement)).pop() ?? open.pop();
    if (!focused) return;
    setOpen(focused, false);
    focused.focus();
  });
}
