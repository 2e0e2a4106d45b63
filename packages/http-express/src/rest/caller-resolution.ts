import { type ApiTokens, type Caller, NotAuthenticated, type SignInService } from '@larder/domain';
import type { Request } from 'express';
import { SESSION_COOKIE, readCookie, setSessionCookie } from './session-cookie.js';

const CALLER = Symbol('caller');

/**
 * Finds who is calling: an `Authorization: Bearer` API token, or else the
 * session cookie. A bearer token that is unknown or expired is a 401 even when
 * a cookie is present. Resolved once per request.
 */
export function callerResolver(signIn: SignInService, tokens: ApiTokens, secureCookies: boolean) {
  return async (req: Request): Promise<Caller | null> => {
    const memo = req as Request & { [CALLER]?: Promise<Caller | null> };
    memo[CALLER] ??= (async () => {
      const authorization = req.headers.authorization;
      // Only the Bearer scheme carries an API token; another scheme (a reverse proxy's
      // Basic authentication) is not ours and leaves the session cookie to speak.
      if (authorization !== undefined && /^\s*Bearer(\s|$)/i.test(authorization)) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        const caller = match ? await tokens.authenticate(match[1] ?? '') : null;
        if (!caller)
          throw new NotAuthenticated(
            'access.token_invalid',
            'The API token is unknown, malformed or expired.',
          );
        return caller;
      }
      const session = readCookie(req, SESSION_COOKIE);
      if (!session) return null;
      const use = await signIn.bySession(session);
      // A session in use lives on: the cookie follows its sliding expiry.
      if (use?.extendedUntil && req.res && !req.res.headersSent) {
        setSessionCookie(req.res, session, use.extendedUntil, secureCookies);
      }
      return use?.caller ?? null;
    })();
    return memo[CALLER];
  };
}
