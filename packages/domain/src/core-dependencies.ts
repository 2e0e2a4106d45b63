import type { Clock } from './shared/clock.port.js';
import type { PasswordHasher, Secrets } from './shared/secrets.port.js';
import type { Store } from './store.port.js';

/** What nearly every use case needs from the outside world. */
export interface CoreDependencies {
  store: Store;
  clock: Clock;
  secrets: Secrets;
  hasher: PasswordHasher;
}
