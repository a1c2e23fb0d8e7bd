/**
 * A classic script in <head>, before the stylesheet: it runs before the first paint and marks <html>
 * when the shopper dismissed the alert (cookie `hideAlert`, client/shared/cookies.ts), and the
 * stylesheet hides a dismissable alert under that mark. So every shopper is sent the same HTML, which
 * caches and CDNs may share. No imports (a classic script cannot have them; the build would make
 * the cookie helper a shared module chunk), so the cookie's name is written here as well.
 */
document.documentElement.classList.toggle('alert-dismissed', /(?:^|;\s*)hideAlert=/.test(document.cookie));
