import { HIDE_ALERT_COOKIE, setCookie } from '../shared/cookies.js';

/** Dismissing the alert hides it now and, through the cookie, on the next pages for a day (alertGate.ts hides it before they paint). */
export function enhanceAlert(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('[data-alert-dismiss]');
    if (!button) return;
    setCookie(HIDE_ALERT_COOKIE, 'true', 1);
    const banner = button.closest<HTMLElement>('[data-alert]');
    banner?.remove();
    document.getElementById('main')?.focus();
  });
}
