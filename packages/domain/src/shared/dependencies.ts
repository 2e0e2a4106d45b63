import type { Clock } from '../ports/clock.port.js';
import type { PasswordHasher, Secrets } from '../ports/secrets.port.js';
import type { Store } from '../ports/store.port.js';

/** What nearly every use case needs from the outside world. */
export interface CoreDependencies {
  store: Store;
  clock: Clock;
  secrets: Secrets;
  hasher: PasswordHasher;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
