import { SIGN_IN_WINDOW_MS } from '../sessions/sign-in-guard.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { DAY_MS, addMs } from '../shared/time.js';

/** How long a one-time link is kept after it was used or ran out. */
export const SPENT_LINK_KEEP_MS = DAY_MS;

export interface HousekeepingResult {
  /** Sessions past their expiry. */
  sessions: number;
  /** One-time links used or expired for more than a day. */
  links: number;
  /** Sign-in attempt counts whose window has ended. */
  throttles: number;
  /** Sign-ins through the identity provider that were never finished. */
  flows: number;
}

/**
 * Removes rows that no longer mean anything: expired sessions, spent one-time links
 * and ended login throttle windows; and folds the counts kept for totals (which every write adds
 * to in pieces) without changing any. Nothing live is touched, so it may run at any
 * time, on any number of instances at once.
 */
export class Housekeeping {
  constructor(private readonly deps: Pick<CoreDependencies, 'store' | 'clock'>) {}

  async run(): Promise<HousekeepingResult> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const removed = {
      sessions: await store.sessions.deleteExpired(now),
      links: await store.links.deleteSpent(addMs(now, -SPENT_LINK_KEEP_MS)),
      throttles: await store.signInAttempts.deleteEnded(addMs(now, -SIGN_IN_WINDOW_MS)),
      flows: await store.signInFlows.deleteExpired(now),
    };
    await store.recipeListing.foldKeptCounts();
    return removed;
  }
}
