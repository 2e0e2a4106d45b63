import { DAY_MS, HOUR_MS, MINUTE_MS } from '../shared/time.js';

/**
 * A link's lifetime in the largest whole unit that states it exactly, so a mail never promises
 * more than the link keeps (anything else is counted in whole minutes, rounded down).
 */
export function wholeUnits(ms: number): { count: number; unit: 'day' | 'hour' | 'minute' } {
  if (ms > 0 && ms % DAY_MS === 0) return { count: ms / DAY_MS, unit: 'day' };
  if (ms > 0 && ms % HOUR_MS === 0) return { count: ms / HOUR_MS, unit: 'hour' };
  return { count: Math.max(1, Math.floor(ms / MINUTE_MS)), unit: 'minute' };
}
