import type { Clock } from '@larder/domain';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
