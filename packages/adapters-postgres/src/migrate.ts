import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations/index.js';

/**
 * Brings the schema up to date. Kysely holds a database lock while it migrates,
 * so two instances starting at once run each migration exactly once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was, not as it is
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
