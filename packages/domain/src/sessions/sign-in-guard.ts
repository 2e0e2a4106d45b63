import type { PasswordHasher } from '../shared/secrets.port.js';
import type { Clock } from '../shared/clock.port.js';
import { PASSWORD_MAX_BYTES } from '../accounts/passwords.js';
import { RateLimited } from '../shared/errors.js';
import { utf8ByteLength } from '../shared/text.js';
import { MINUTE_MS, addMs, secondsUntil } from '../shared/time.js';
import type { SignInAttemptRepository, SpacingRule } from './sign-in-attempt-store.port.js';

/** The window in which failed sign-ins are counted. */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
/** Wrong passwords for one username from one client address, per window, before that pair is refused. */
export const PAIR_LIMIT = 5;
/** Wrong passwords from one client address, whatever the usernames, per window, before it is refused. */
export const ADDRESS_LIMIT = 30;
/**
 * A username alone is never refused for long: after five failures (from anywhere) its checks are
 * spaced out, half a second at first, doubling, at most five seconds apart.
 */
export const USERNAME_SPACING: SpacingRule = { free: 5, stepMs: 500, capMs: 5_000 };
/** The longest an attempt waits for its username's turn; later turns are refused for a moment. */
export const LONGEST_WAIT_MS = 10_000;

/** Where one sign-in attempt comes from: the username as typed (by its key) and the client address. */
export interface AttemptSource {
  usernameKey: string;
  /** The client address (an IPv6 address stands for its /64, which one client can fill). */
  address: string;
  /**
   * A device this username signed in from before (the digest of the token it was given then), when
   * the attempt comes with one: it does not wait behind guesses from elsewhere.
   */
  knownDevice?: string;
}

/**
 * Keeps password guessing out without handing anybody a lock-out. Every attempt is counted
 * before its password is checked, in the database, so however many arrive at once no more
 * checks run than the rules allow:
 * - one client address guessing one username gets 5 checks per 15 minutes, then 429 for that
 *   pair only (the member signs in from their own devices as ever);
 * - one client address gets 30 failures per 15 minutes over all usernames, then 429;
 * - a username alone (guessed from many addresses) is never refused for long: its checks are
 *   spaced out, at most 5 s apart, and an attempt waits for its turn (up to 10 s) rather than
 *   being turned away;
 * - a device the username signed in from before goes before those turns (until it gets 5
 *   passwords wrong in the window), so however many guess from elsewhere, its member gets in.
 * A right password takes its attempt back and clears the pair and the username's failures.
 */
export class SignInGuard {
  constructor(
    private readonly attempts: SignInAttemptRepository,
    private readonly clock: Clock,
  ) {}

  /** Checks a password under the rules above; throws RateLimited (with Retry-After) when refused. */
  async check(source: AttemptSource, verify: () => Promise<boolean>): Promise<boolean> {
    const { attempts, clock } = this;
    const keys = keysOf(source);
    const now = clock.now();

    const pair = await attempts.count(keys.pair, now, SIGN_IN_WINDOW_MS);
    if (pair.attempts > PAIR_LIMIT) {
      throw refusal('Too many failed sign-ins for this username from here; try again later.', pair, now);
    }
    const address = await attempts.count(keys.address, now, SIGN_IN_WINDOW_MS);
    if (address.attempts > ADDRESS_LIMIT) {
      await attempts.uncount(keys.pair);
      throw refusal('Too many failed sign-ins from here; try again later.', address, now);
    }
    if (!(await this.fromKnownDevice(keys, now))) await this.waitForTurn(keys, now);

    const right = await verify();
    if (right) {
      await attempts.uncount(keys.address);
      await attempts.clear(keys.pair);
      await attempts.clear(keys.username);
      if (keys.device) await attempts.clear(keys.device);
    } else {
      await attempts.count(keys.username, clock.now(), SIGN_IN_WINDOW_MS);
    }
    return right;
  }

  /**
   * Whether the attempt comes from a device this username signed in from before, with fewer than
   * `PAIR_LIMIT` wrong passwords from it in the window (counted here): such a device goes before
   * the username's turns, so guesses from elsewhere never keep its member out. A device that keeps
   * guessing waits like anybody else.
   */
  private async fromKnownDevice(keys: AttemptKeys, now: Date): Promise<boolean> {
    if (!keys.device) return false;
    const device = await this.attempts.count(keys.device, now, SIGN_IN_WINDOW_MS);
    return device.attempts <= PAIR_LIMIT;
  }

  /** Waits for the username's next turn (at most `LONGEST_WAIT_MS`); refuses when the turns run further. */
  private async waitForTurn(keys: AttemptKeys, now: Date): Promise<void> {
    const { attempts, clock } = this;
    const queued = await attempts.nextTurn(keys.username);
    if (queued && queued.getTime() - now.getTime() > LONGEST_WAIT_MS) {
      await attempts.uncount(keys.pair);
      await attempts.uncount(keys.address);
      throw new RateLimited(
        'auth.too_many_attempts',
        'Sign-ins for this username are slowed down after many failures; try again in a few seconds.',
        secondsUntil(addMs(queued, -LONGEST_WAIT_MS), now),
      );
    }
    const turn = await attempts.takeTurn(keys.username, now, SIGN_IN_WINDOW_MS, USERNAME_SPACING);
    const wait = turn.getTime() - now.getTime();
    if (wait > 0) await clock.wait(wait);
  }
}

function refusal(message: string, count: { windowStartedAt: Date }, now: Date): RateLimited {
  return new RateLimited(
    'auth.too_many_attempts',
    message,
    secondsUntil(addMs(count.windowStartedAt, SIGN_IN_WINDOW_MS), now),
  );
}

/** The keys an attempt is counted under. */
interface AttemptKeys {
  pair: string;
  address: string;
  username: string;
  device?: string;
}

export function keysOf(source: AttemptSource): AttemptKeys {
  const address = addressKey(source.address);
  return {
    pair: `pair:${source.usernameKey}\n${address}`,
    address: `address:${address}`,
    username: `username:${source.usernameKey}`,
    ...(source.knownDevice ? { device: `device:${source.knownDevice}` } : {}),
  };
}

/**
 * A client address as it is counted: IPv4 as it is (IPv4-mapped IPv6 unwrapped), IPv6 by its
 * first 64 bits, since one client is handed a whole /64 and could rotate through it.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] ?? address;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
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
