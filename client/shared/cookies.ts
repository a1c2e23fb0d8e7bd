/**
 * The cookie helper of part 2 §9: set takes name, value and days; a nonzero days sets an expiry that
 * many days ahead; the path is /; the value is URL-encoded. Read returns the decoded value or null.
 */
export function cookieText(name: string, value: string, days: number, now = new Date()): string {
  const expires = days !== 0 ? `; expires=${new Date(now.getTime() + days * 86_400_000).toUTCString()}` : '';
  return `${name}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, days: number): void {
  document.cookie = cookieText(name, value, days);
}

/** The cookie that hides a dismissable alert banner for a day; the server reads it too. */
export const HIDE_ALERT_COOKIE = 'hideAlert';
