/** Lets at most `limit` jobs run at once; the others wait their turn in order. */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('a concurrency limit must be at least 1');
  }

  get running(): number {
    return this.active;
  }

  /** Jobs waiting for a place. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      // The finishing job hands its place over directly, so no newcomer can slip in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
