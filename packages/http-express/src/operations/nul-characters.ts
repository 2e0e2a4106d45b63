/**
 * Where the first string holding NUL is in an input value, or null. PostgreSQL text cannot hold
 * one, so every transport refuses such input at its edge, located like `steps[0].text`.
 */
export function nulAt(value: unknown, location: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? location : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulAt(item, `${location}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulAt(item, location === '' ? key : `${location}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain control characters (NUL)';
