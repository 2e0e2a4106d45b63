import type { Clock } from '@larder/domain';

/**
 * Discovery done lazily and kept once it succeeds. While it fails, a later use tries again — but
 * not before `retryAfterMs` has passed since the last failure, so that a dead provider is not
 * asked on every click; until then the last failure is answered at once.
 */
export class RetriedDiscovery<T> {
  #found: T | undefined;
  #pending: Promise<T> | undefined;
  #lastFailure: { at: number; error: unknown } | undefined;

  constructor(
    private readonly discover: () => Promise<T>,
    private readonly retryAfterMs: number,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  get(): Promise<T> {
    if (this.#found !== undefined) return Promise.resolve(this.#found);
    // Everyone who asks while discovery is under way waits for the same answer.
    if (this.#pending) return this.#pending;
    const failure = this.#lastFailure;
    if (failure && this.clock.now().getTime() - failure.at < this.retryAfterMs) {
      return Promise.reject(failure.error);
    }
    this.#pending = this.discover().then(
      (found) => {
        this.#found = found;
        this.#lastFailure = undefined;
        this.#pending = undefined;
        return found;
      },
      (error: unknown) => {
        this.#lastFailure = { at: this.clock.now().getTime(), error };
        this.#pending = undefined;
        throw error;
      },
    );
    return this.#pending;
  }
}
