/** How many attempts a key has in its current window, and when that window started. */
export interface AttemptCount {
  attempts: number;
  windowStartedAt: Date;
}

/**
 * Sign-in attempts by key, counted before a password is checked. Each method is one statement,
 * so any number of concurrent attempts on any number of instances count exactly.
 */
export interface SignInAttemptRepository {
  /** Counts one more attempt under `key` (a window older than `windowMs` starts over at one). */
  count(key: string, now: Date, windowMs: number): Promise<AttemptCount>;
  /** Takes one attempt back (a right password does not count against its client address). */
  uncount(key: string): Promise<void>;
  /** Forgets the key's attempts (and its next turn). */
  clear(key: string): Promise<void>;
  /** The moment the key's next check may run, or null when it may run at once. */
  nextTurn(key: string): Promise<Date | null>;
  /**
   * Takes the key's next turn: the later of its next turn and `now`; the turn after it is
   * `spacing(attempts)` later, where `attempts` is the key's count in its window (0 once the
   * window has passed). Answers the turn taken.
   */
  takeTurn(key: string, now: Date, windowMs: number, spacing: SpacingRule): Promise<Date>;
  /** Removes the keys whose window started before `before` and whose turn has passed; answers how many. */
  deleteEnded(before: Date): Promise<number>;
}

/** Spacing after `attempts` failures: none up to `free`, then `stepMs` doubling, at most `capMs`. */
export interface SpacingRule {
  free: number;
  stepMs: number;
  capMs: number;
}

export function spacingOf(attempts: number, rule: SpacingRule): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.capMs, rule.stepMs * 2 ** (attempts - rule.free));
}
