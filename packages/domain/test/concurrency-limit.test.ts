import { ConcurrencyLimit } from '../src/shared/concurrency-limit.js';

describe('concurrency limit', () => {
  it('never lets more than its limit run, even when newcomers arrive as a job ends', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    };
    const first = Array.from({ length: 6 }, () => limit.run(job));
    await first[0];
    const later = Array.from({ length: 6 }, () => limit.run(job));
    await Promise.all([...first, ...later]);
    expect(most).toBe(2);
    expect(limit.running).toBe(0);
  });
});
