import type { Kysely } from 'kysely';
import type { LarderDatabase } from '../schema.js';

/** A connection or a transaction: repositories work the same on both. */
export type Executor = Kysely<LarderDatabase>;

/** True when PostgreSQL refused a row for breaking a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * True when PostgreSQL refused a row for naming a row that is not there (any more): an account or
 * a recipe deleted by another request after the use case had read it.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/**
 * The foreign key (constraint name, e.g. `comments_author_id_fkey`) a refused row broke, or null
 * when the error is no foreign-key refusal: tells an account gone from a recipe gone.
 */
export function brokenForeignKey(error: unknown): string | null {
  if (!isForeignKeyViolation(error)) return null;
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : '';
}

/** PostgreSQL text cannot hold NUL: a key carrying one names nothing (instead of failing the query). */
export function storable(key: string): boolean {
  return !key.includes('\u0000');
}
