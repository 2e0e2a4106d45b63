export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
}

export interface LoginThrottleRepository {
  state(key: string): Promise<ThrottleState | null>;
  /**
   * Counts one failure in one statement: a window older than `windowSeconds`
   * starts over at one.
   */
  recordFailure(key: string, at: Date, windowSeconds: number): Promise<ThrottleState>;
  clear(key: string): Promise<void>;
  /** Removes the counts whose window started before `before`; answers how many. */
  deleteEnded(before: Date): Promise<number>;
}
