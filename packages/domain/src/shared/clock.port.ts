export const CLOCK = Symbol('Clock');

/** The current time; tests use a clock they can move. */
export interface Clock {
  now(): Date;
  /** Resolves once `ms` milliseconds have passed on this clock. */
  wait(ms: number): Promise<void>;
}
