import type { Kysely } from 'kysely';
import type { LarderDatabase } from '../schema.js';

/** A connection or a transaction: repositories work the same on both. */
export type Executor = Kysely<LarderDatabase>;

/** True when PostgreSQL refused a row for breaking a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** PostgreSQL text cannot hold NUL: a key carrying one names nothing (instead of failing the query). */
export function storable(key: string): boolean {
  return !key.includes('\u0000');
}
