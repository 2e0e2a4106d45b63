/**
 * Freezes a value and everything it holds, so that a value handed to many readers (a cached
 * read, an answer kept for reuse) cannot be changed by any of them. Answers the value.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  }
  return value;
}
