import type { LoginThrottleRepository } from './login-throttle-store.port.js';
import type { PasswordHasher } from '../shared/secrets.port.js';
import { PASSWORD_MAX_BYTES } from '../accounts/passwords.js';
import { RateLimited } from '../shared/errors.js';
import { utf8ByteLength } from '../shared/text.js';

/** Five wrong passwords for one username within 15 minutes lock it until the window ends. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * The per-username count of wrong passwords, shared by everything that asks for
 * a password: signing in and changing one's own password.
 */
export class PasswordThrottle {
  constructor(private readonly throttle: LoginThrottleRepository) {}

  /** Throws RateLimited while the username has used up its failures in the current window. */
  async refuseWhileLocked(key: string, now: Date): Promise<void> {
    const state = await this.throttle.state(key);
    if (!state || state.failures < LOGIN_FAILURE_LIMIT) return;
    if (windowEnd(state.windowStartedAt) > now.getTime()) throwThrottled(state.windowStartedAt, now);
  }

  /** Counts one wrong password; throws RateLimited when it goes over the limit. */
  async recordFailure(key: string, now: Date): Promise<void> {
    const state = await this.throttle.recordFailure(key, now, LOGIN_WINDOW_SECONDS);
    if (state.failures > LOGIN_FAILURE_LIMIT) throwThrottled(state.windowStartedAt, now);
  }

  /** Forgets earlier failures once the right password was given. */
  async clear(key: string): Promise<void> {
    await this.throttle.clear(key);
  }
}

/**
 * Whether `password` is the one behind `hash`. Bcrypt reads only the first 72 bytes,
 * so a longer password never matches (no password that long can be set).
 */
export async function passwordMatches(
  hasher: PasswordHasher,
  password: string,
  hash: string,
): Promise<boolean> {
  const tooLong = utf8ByteLength(password) > PASSWORD_MAX_BYTES;
  return (await hasher.verify(tooLong ? '' : password, hash)) && !tooLong;
}

/** When the throttle window that started at `windowStartedAt` ends, in epoch milliseconds. */
function windowEnd(windowStartedAt: Date): number {
  return windowStartedAt.getTime() + LOGIN_WINDOW_SECONDS * 1000;
}

function throwThrottled(windowStartedAt: Date, now: Date): never {
  const seconds = Math.max(1, Math.ceil((windowEnd(windowStartedAt) - now.getTime()) / 1000));
  throw new RateLimited(
    'auth.too_many_attempts',
    'Too many failed sign-ins for this username; try again later.',
    seconds,
  );
}
