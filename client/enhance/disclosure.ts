/**
 * Disclosure buttons (`button[aria-controls][aria-expanded]` marked data-disclosure): a click toggles
 * the controlled element; Escape closes the innermost open one and gives focus back to its button;
 * opening a top-level menu panel closes its siblings, and a click outside the header closes the menus. On
 * desktop a mega menu panel also closes when focus leaves it and its button (Tab past its last link).
 */
const SELECTOR = 'button[data-disclosure]';
const DESKTOP = '(min-width: 1280px)';

function controlled(button: HTMLButtonElement): HTMLElement | null {
  return document.getElementById(button.getAttribute('aria-controls') ?? '');
}

export function setOpen(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  // A button that names what it does next (the drawer's 'Menu' / 'Close menu') says so in both states.
  const label = open ? button.dataset.labelOpen : button.dataset.labelClosed;
  if (label !== undefined) button.textContent = label;
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
    // A click outside the header closes the drawer and any mega menu panel.
    if (!(event.target as Element).closest('.site-header')) {
      for (const open of document.querySelectorAll<HTMLButtonElement>(`.site-header ${SELECTOR}[aria-expanded="true"]`))
        setOpen(open, false);
    }
  });
  document.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !window.matchMedia(DESKTOP).matches) return;
    for (const button of document.querySelectorAll<HTMLButtonElement>(
      `${SELECTOR}[data-group="mega"][aria-expanded="true"]`,
    )) {
      if (!button.contains(next) && !controlled(button)?.contains(next)) setOpen(button, false);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = [...document.querySelectorAll<HTMLButtonElement>(`${SELECTOR}[aria-expanded="true"]`)];
    // The innermost open disclosure is the one holding the focus (its button or panel), else the last in the document.
    const focused =
      open.filter((b) => b === document.activeElement || controlled(b)?.contains(document.activeElement)).pop() ??
      open.pop();
    if (!focused) return;
    setOpen(focused, false);
    focused.focus();
  });
}
