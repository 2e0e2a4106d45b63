import { Worker } from 'node:worker_threads';

interface Task {
  message: unknown;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * A bounded pool of worker threads running one script. At most `size` tasks run at
 * once, one per worker; the rest wait in order. A worker that dies takes only its own
 * task down and is replaced on demand; idle workers end after `idleMs`, so their
 * memory goes back to the system between bursts of uploads.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size: number,
    private readonly idleMs = 30_000,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error('a worker pool needs at least one worker');
  }

  /** Tasks waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Tasks running now. */
  get running(): number {
    return [...this.slots].filter((s) => s.task !== null).length;
  }

  run<T>(message: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ message, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the worker pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.spawn();
      }
      const task = this.queue.shift()!;
      this.start(slot, task);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.script);
    const slot: Slot = { worker, task: null, idleTimer: null };
    this.slots.add(slot);
    worker.on('message', (reply: unknown) => {
      const task = slot.task;
      slot.task = null;
      this.rest(slot);
      task?.resolve(reply);
      this.dispatch();
    });
    const fail = (error: unknown) => {
      if (!this.slots.has(slot)) return;
      this.slots.delete(slot);
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      const task = slot.task;
      slot.task = null;
      task?.reject(error instanceof Error ? error : new Error(`image worker stopped: ${String(error)}`));
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`image worker exited with code ${code}`)));
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.task = task;
    slot.worker.ref();
    slot.worker.postMessage(task.message, task.transfer);
  }

  /** An idle worker keeps no process alive and ends after a while. */
  private rest(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.task === null) void this.retire(slot);
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private async retire(slot: Slot): Promise<void> {
    this.slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.task?.reject(new Error('the worker pool is closed'));
    slot.task = null;
    await slot.worker.terminate();
  }
}
