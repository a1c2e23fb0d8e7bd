import type { Request, Response } from 'express';
import { parseCookie } from 'cookie';
import { TirehotelCredentials } from '../../contracts/upstream/tirehotel.js';
import { TOKEN_COOKIES } from '../http/personalCookies.js';

/**
 * The tire-hotel tokens live in cookies only the BFF reads: HttpOnly (no browser script sees
 * them), SameSite=Strict, scoped to /api/tirehotel, Secure outside development and test; named
 * with the other personal cookies (server/http/personalCookies.ts).
 */
export type TokenCookie = keyof typeof TOKEN_COOKIES;
export const TOKEN_COOKIE_PATH = '/api/tirehotel';
const LOGIN_TOKEN_LIFETIME_MS = 10 * 60_000;
const SESSION_FALLBACK_LIFETIME_MS = 30 * 60_000;

const TokenFormat = TirehotelCredentials.shape.authorizationToken;

export function tokenCookies(secure: boolean) {
  const options = (maxAge: number) => ({
    httpOnly: true,
    secure,
    sameSite: 'strict' as const,
    path: TOKEN_COOKIE_PATH,
    maxAge,
  });
  return {
    read(req: Request, which: TokenCookie): string | undefined {
      const value = req.headers.cookie ? parseCookie(req.headers.cookie)[TOKEN_COOKIES[which]] : undefined;
      return TokenFormat.safeParse(value).success ? value : undefined;
    },
    setLogin(res: Response, token: string): void {
      res.cookie(TOKEN_COOKIES.login, token, options(LOGIN_TOKEN_LIFETIME_MS));
    },
    /** Lives as long as the upstream session, so the browser drops it when the upstream would refuse it. */
    setSession(res: Response, token: string, expiresAt: string): void {
      const lifetime = Date.parse(expiresAt) - Date.now();
      res.cookie(
        TOKEN_COOKIES.session,
        token,
        options(Number.isFinite(lifetime) && lifetime > 0 ? lifetime : SESSION_FALLBACK_LIFETIME_MS),
      );
    },
    clear(res: Response, which: TokenCookie): void {
      res.clearCookie(TOKEN_COOKIES[which], { httpOnly: true, secure, sameSite: 'strict', path: TOKEN_COOKIE_PATH });
    },
  };
}
export type TokenCookies = ReturnType<typeof tokenCookies>;
