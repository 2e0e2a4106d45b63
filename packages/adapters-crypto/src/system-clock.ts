import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '@larder/domain';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }

  async wait(ms: number): Promise<void> {
    await sleep(ms);
  }
}
