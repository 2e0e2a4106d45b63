import { DomainError } from '../shared/errors.js';

/**
 * A recipe's version: changes with every save (each save moves `updatedAt` on by at least a
 * millisecond). Clients send it back to say which version their change was made on.
 */
export function recipeVersion(updatedAt: Date): string {
  return updatedAt.getTime().toString(36);
}

/** The versions a change was made on (`*`: any version, as long as the recipe exists); absent: no check. */
export type ExpectedVersion = '*' | readonly string[];

/** The moment a save stamps: now, or a millisecond after the previous save if the clock has not moved on. */
export function nextUpdatedAt(now: Date, previous: Date): Date {
  return now.getTime() > previous.getTime() ? now : new Date(previous.getTime() + 1);
}

/** Why a change made on `expected` may not be saved over the version of `updatedAt`; null if it may. */
export function staleVersion(expected: ExpectedVersion | undefined, updatedAt: Date): DomainError | null {
  if (expected === undefined || expected === '*') return null;
  const current = recipeVersion(updatedAt);
  if (expected.includes(current)) return null;
  return new DomainError(
    'stale',
    'recipes.changed_meanwhile',
    'The recipe was changed since this copy was read: read it again, then make the change on the current version.',
    { currentVersion: current },
  );
}
