import type { Logger } from 'pino';

/**
 * Work an operation starts and does not wait for (a reset mail, looked up and queued after the
 * answer went out). Failures are logged; shutdown, and tests, can wait until all of it is done.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();

  run(what: string, work: () => Promise<unknown>, log: Logger): void {
    const done = work()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once everything started so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
