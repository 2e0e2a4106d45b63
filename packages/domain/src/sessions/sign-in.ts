import { type Account, usernameKey } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import { NotAuthenticated, RateLimited, ValidationFailed } from '../shared/errors.js';
import { type CoreDependencies, DAY_MS, HOUR_MS, addMs } from '../shared/dependencies.js';
import { hasControlCharacters, utf8ByteLength } from '../shared/text.js';

/** Sessions last 30 days after their last use (refreshed at most hourly). */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
const SESSION_REFRESH_MS = HOUR_MS;
/** Five wrong passwords for one username within 15 minutes lock it until the window ends. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export interface SignedIn {
  account: Account;
  sessionToken: string;
  expiresAt: Date;
}

export class SignInService {
  constructor(private readonly deps: CoreDependencies) {}

  async login(username: string, password: string): Promise<SignedIn> {
    const { store, clock, hasher } = this.deps;
    // No username holds a control character, and NUL cannot even reach the throttle's table.
    if (hasControlCharacters(username)) {
      throw new ValidationFailed([
        { location: 'body.username', message: 'must not contain control characters' },
      ]);
    }
    const key = usernameKey(username);
    const now = clock.now();
    await this.refuseWhileThrottled(key, now);

    const account = await store.accounts.byUsername(username);
    // Unknown users and accounts without a password are checked against a dummy
    // hash, so the answer takes as long as for a wrong password.
    const hash = account?.passwordHash ?? hasher.dummyHash;
    const tooLong = utf8ByteLength(password) > 72;
    const matches = (await hasher.verify(tooLong ? '' : password, hash)) && !tooLong;
    if (!account || !account.passwordHash || !matches) {
      const state = await store.loginThrottle.recordFailure(key, now, LOGIN_WINDOW_SECONDS);
      if (state.failures > LOGIN_FAILURE_LIMIT) this.throwThrottled(state.windowStartedAt, now);
      throw new NotAuthenticated('auth.bad_credentials', 'Wrong username or password.');
    }
    await store.loginThrottle.clear(key);
    return this.startSession(account);
  }

  /** Opens a session for an account whose identity was proven another way (setup link, SSO). */
  async startSession(account: Account): Promise<SignedIn> {
    const { store, clock, secrets } = this.deps;
    const now = clock.now();
    const sessionToken = secrets.randomToken(32);
    const expiresAt = addMs(now, SESSION_LIFETIME_MS);
    await store.sessions.create({
      tokenDigest: secrets.digest(sessionToken),
      accountId: account.id,
      createdAt: now,
      expiresAt,
      refreshedAt: now,
    });
    return { account, sessionToken, expiresAt };
  }

  /** The caller behind a session cookie, or null when it is unknown or expired. */
  async bySession(sessionToken: string): Promise<Caller | null> {
    const { store, clock, secrets } = this.deps;
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(sessionToken)) return null;
    const digest = secrets.digest(sessionToken);
    const found = await store.sessions.findWithAccount(digest);
    const now = clock.now();
    if (!found) return null;
    const { session, account } = found;
    if (session.expiresAt <= now) {
      await store.sessions.delete(digest);
      return null;
    }
    if (now.getTime() - session.refreshedAt.getTime() >= SESSION_REFRESH_MS) {
      const renewedUntil = addMs(now, SESSION_LIFETIME_MS);
      await store.sessions.extend(digest, renewedUntil, now);
      return { account, via: 'session', sessionDigest: digest, sessionRenewedUntil: renewedUntil };
    }
    return { account, via: 'session', sessionDigest: digest };
  }

  async logout(sessionDigest: string): Promise<void> {
    await this.deps.store.sessions.delete(sessionDigest);
  }

  private async refuseWhileThrottled(key: string, now: Date): Promise<void> {
    const state = await this.deps.store.loginThrottle.state(key);
    if (!state || state.failures < LOGIN_FAILURE_LIMIT) return;
    const windowEnds = state.windowStartedAt.getTime() + LOGIN_WINDOW_SECONDS * 1000;
    if (windowEnds > now.getTime()) this.throwThrottled(state.windowStartedAt, now);
  }

  private throwThrottled(windowStartedAt: Date, now: Date): never {
    const windowEnds = windowStartedAt.getTime() + LOGIN_WINDOW_SECONDS * 1000;
    const seconds = Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
    throw new RateLimited(
      'auth.too_many_attempts',
      'Too many failed sign-ins for this username; try again later.',
      seconds,
    );
  }
}
