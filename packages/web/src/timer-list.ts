/**
 * The kitchen's running timers, as plain data: several at once, each named, each ending at a
 * moment of the wall clock, so that a reload (or a phone that slept) finds them where they were.
 */

export interface Timer {
  id: string;
  /** What it is for, e.g. "Lasagne · step 3: 20 minutes". */
  label: string;
  /** The recipe it belongs to (its address), to go back to. */
  recipePath: string;
  seconds: number;
  /** Epoch milliseconds when it rings; null while paused. */
  endsAt: number | null;
  /** Seconds left while paused. */
  pausedLeft: number | null;
  /** Set once it rang and until it is dismissed. */
  rang: boolean;
}

export function startTimer(
  list: readonly Timer[],
  input: Omit<Timer, 'endsAt' | 'pausedLeft' | 'rang'>,
  now: number,
): Timer[] {
  return [...list, { ...input, endsAt: now + input.seconds * 1000, pausedLeft: null, rang: false }];
}

/** Seconds until it rings (0 once it did). */
export function secondsLeft(timer: Timer, now: number): number {
  if (timer.endsAt === null) return timer.pausedLeft ?? timer.seconds;
  return Math.max(0, (timer.endsAt - now) / 1000);
}

export function pause(list: readonly Timer[], id: string, now: number): Timer[] {
  return list.map((t) =>
    t.id === id && t.endsAt !== null ? { ...t, pausedLeft: secondsLeft(t, now), endsAt: null } : t,
  );
}

export function resume(list: readonly Timer[], id: string, now: number): Timer[] {
  return list.map((t) =>
    t.id === id && t.endsAt === null
      ? { ...t, endsAt: now + (t.pausedLeft ?? t.seconds) * 1000, pausedLeft: null }
      : t,
  );
}

export function remove(list: readonly Timer[], id: string): Timer[] {
  return list.filter((t) => t.id !== id);
}

/** The timers that ring now: those whose end has come and that have not rung yet. */
export function due(list: readonly Timer[], now: number): Timer[] {
  return list.filter((t) => !t.rang && t.endsAt !== null && t.endsAt <= now);
}

export function markRang(list: readonly Timer[], ids: readonly string[]): Timer[] {
  return list.map((t) => (ids.includes(t.id) ? { ...t, rang: true } : t));
}

/** Reads a stored list, dropping anything that is not a timer (storage is anybody's to edit). */
export function parseTimers(stored: string | null): Timer[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value.filter(isTimer).slice(0, 50);
  } catch {
    return [];
  }
}

function isTimer(v: unknown): v is Timer {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return (
    typeof t['id'] === 'string' &&
    typeof t['label'] === 'string' &&
    typeof t['recipePath'] === 'string' &&
    t['recipePath'].startsWith('/') &&
    !t['recipePath'].startsWith('//') &&
    typeof t['seconds'] === 'number' &&
    (t['endsAt'] === null || typeof t['endsAt'] === 'number') &&
    (t['pausedLeft'] === null || typeof t['pausedLeft'] === 'number') &&
    typeof t['rang'] === 'boolean'
  );
}
