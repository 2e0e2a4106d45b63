import { WorkerPool } from '@larder/adapters-s3-images';

const script = new URL('../test-support/busy-worker.mjs', import.meta.url);

describe('worker pool', () => {
  it('runs at most N tasks at once, queues the rest, and leaves the event loop free', async () => {
    const pool = new WorkerPool(script, 2);
    let maxRunning = 0;
    let maxWaiting = 0;
    let ticks = 0;
    const sampler = setInterval(() => {
      ticks++;
      maxRunning = Math.max(maxRunning, pool.running);
      maxWaiting = Math.max(maxWaiting, pool.waiting);
    }, 5);
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map((id) => pool.run<{ id: number }>({ id, busyMs: 150 })),
    );
    clearInterval(sampler);
    await pool.close();
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    // The sampler ran while two tasks were busy and three waited: the event loop stayed free
    // (a task run on it would block every timer until it ended). No count of ticks: a loaded
    // machine may run few of them.
    expect(maxRunning).toBe(2);
    expect(maxWaiting).toBe(3);
    expect(ticks).toBeGreaterThan(0);
  });

  it('a dying worker fails only its own task; the pool goes on', async () => {
    const pool = new WorkerPool(script, 1);
    const crashed = pool.run({ crash: true });
    const after = pool.run<{ id: number }>({ id: 7, busyMs: 1 });
    await expect(crashed).rejects.toThrow(/exited with code 3/);
    await expect(after).resolves.toEqual({ id: 7 });
    await pool.close();
  });

  it('refuses work once closed', async () => {
    const pool = new WorkerPool(script, 1);
    await pool.close();
    await expect(pool.run({ id: 1, busyMs: 1 })).rejects.toThrow(/closed/);
  });
});
