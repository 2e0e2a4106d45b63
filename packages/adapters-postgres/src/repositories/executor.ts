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

/** PostgreSQL text cannot hold NUL: a key carrying one names nothing (instead of failing the query). */
export function storable(key: string): boolean {
  return !key.includes('\u0000');
}
