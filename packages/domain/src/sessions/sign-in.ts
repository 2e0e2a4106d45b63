import { type Account, usernameKey } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import { NotAuthenticated, ValidationFailed } from '../shared/errors.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { DAY_MS, HOUR_MS, addMs } from '../shared/time.js';
import { hasControlCharacters } from '../shared/text.js';
import { ExpiringSignatures, type SignedToken } from '../shared/expiring-signatures.js';
import { SignInGuard, passwordMatches } from './sign-in-guard.js';

/** Sessions last 30 days after their last use (refreshed at most hourly). */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
const SESSION_REFRESH_MS = HOUR_MS;

/** The member behind a session, and the session's new expiry when this use extended it. */
export interface SessionUse {
  caller: Caller;
  extendedUntil: Date | null;
}

export interface SignedIn {
  account: Account;
  sessionToken: string;
  expiresAt: Date;
  /**
   * After a password sign-in: the token that makes this device known to the username's sign-in
   * guard from now on (the client keeps it, and brings it to its next sign-in).
   */
  knownDevice?: SignedToken;
}

/** How long a device stays known after its last password sign-in. */
export const KNOWN_DEVICE_LIFETIME_MS = 180 * DAY_MS;
export const KNOWN_DEVICE_KEY_NAME = 'known-device-signing-key';

export class SignInService {
  private readonly guard: SignInGuard;
  private readonly knownDevices: ExpiringSignatures;

  constructor(private readonly deps: CoreDependencies) {
    this.guard = new SignInGuard(deps.store.signInAttempts, deps.clock);
    this.knownDevices = new ExpiringSignatures(deps, KNOWN_DEVICE_KEY_NAME, 'known-device');
  }

  /**
   * Signs in with a password, from the client address `from` (see SignInGuard for the limits);
   * `device` is the token a sign-in of this username gave the client before, if it brings one.
   */
  async login(username: string, password: string, from: string, device?: string): Promise<SignedIn> {
    const { store, hasher, secrets } = this.deps;
    // No username holds a control character, and NUL cannot even reach the throttle's table.
    if (hasControlCharacters(username)) {
      throw new ValidationFailed([{ location: 'username', message: 'must not contain control characters' }]);
    }
    const account = await store.accounts.byUsername(username);
    const key = usernameKey(username);
    const known = device !== undefined && (await this.knownDevices.holds(key, device));
    // Unknown users and accounts without a password are checked against a dummy
    // hash, so the answer takes as long as for a wrong password.
    const source = {
      usernameKey: key,
      address: from,
      ...(known ? { knownDevice: secrets.digest(device) } : {}),
    };
    const right = await this.guard.check(source, async () => {
      const matches = await passwordMatches(hasher, password, account?.passwordHash ?? hasher.dummyHash);
      return account !== null && account.passwordHash !== null && matches;
    });
    if (!right || !account) throw new NotAuthenticated('auth.bad_credentials', 'Wrong username or password.');
    const knownDevice = await this.knownDevices.issue(
      key,
      addMs(this.deps.clock.now(), KNOWN_DEVICE_LIFETIME_MS),
    );
    return { ...(await this.startSession(account)), knownDevice };
  }

  /** Opens a session for an account whose identity was proven another way (setup link, SSO). */
  async startSession(account: Account): Promise<SignedIn> {
    const { store, clock, secrets } = this.deps;
    const now = clock.now();
    const sessionToken = secrets.randomToken(32);
    const expiresAt = addMs(now, SESSION_LIFETIME_MS);
    const created = await store.sessions.create({
      tokenDigest: secrets.digest(sessionToken),
      accountId: account.id,
      createdAt: now,
      expiresAt,
      refreshedAt: now,
    });
    // Deleted while its password was checked (or its link redeemed): nobody is signed in.
    if (!created) throw new NotAuthenticated(undefined, 'This account was removed while it signed in.');
    return { account, sessionToken, expiresAt };
  }

  /** The caller behind a session token, or null when it is unknown or expired; a session in use lives on. */
  async bySession(sessionToken: string): Promise<SessionUse | null> {
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
      return { caller: { account, via: 'session', sessionDigest: digest }, extendedUntil: renewedUntil };
    }
    return { caller: { account, via: 'session', sessionDigest: digest }, extendedUntil: null };
  }

  async logout(sessionDigest: string): Promise<void> {
    await this.deps.store.sessions.delete(sessionDigest);
  }
}
