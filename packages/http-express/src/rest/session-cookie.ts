import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'service_session';
/** The token that makes a device known to its member's sign-in guard; sent to the sign-in only. */
export const KNOWN_DEVICE_COOKIE = 'service_device';
const SIGN_IN_PATH = '/api/v1/auth/login';
/** The value that ties a sign-in through the provider to the browser that started it. */
export const SIGN_ON_COOKIE = 'service_sign_on';
const SIGN_ON_PATH = '/api/v1/auth/oidc';

/** Reads one cookie without trusting anything about the header's form. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function setKnownDeviceCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(KNOWN_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: SIGN_IN_PATH,
    secure,
    expires: expiresAt,
  });
}

/** Sent to the sign-on's start and callback only, while a flow started there may still come back. */
export function setSignOnCookie(res: Response, value: string, maxAgeMs: number, secure: boolean): void {
  // Lax: the provider sends the browser back by a top-level navigation from its own site.
  res.cookie(SIGN_ON_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: SIGN_ON_PATH,
    secure,
    maxAge: maxAgeMs,
  });
}
