import { cookieText, readCookie } from '../../client/shared/cookies.js';

describe('cookie helper (part 2 §9)', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('sets an expiry that many days ahead, path / and an URL-encoded value', () => {
    expect(cookieText('hideAlert', 'true', 1, now)).toBe(
      'hideAlert=true; expires=Sun, 22 Nov 2026 12:00:00 GMT; path=/; SameSite=Lax',
    );
    expect(cookieText('note', 'a b;c', 1, now)).toMatch(/^note=a%20b%3Bc;/);
  });

  it('sets no expiry when days is zero', () => {
    expect(cookieText('session', 'x', 0, now)).toBe('session=x; path=/; SameSite=Lax');
  });

  it('reads the decoded value, or null when the cookie is absent', () => {
    expect(readCookie('a=1; note=a%20b%3Bc; hideAlert=true', 'note')).toBe('a b;c');
    expect(readCookie('a=1', 'hideAlert')).toBeNull();
    expect(readCookie('', 'hideAlert')).toBeNull();
  });
});
