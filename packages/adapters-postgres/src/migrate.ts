import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations/index.js';

/**
 * The database was migrated by a newer Larder (a rollback after an upgrade): this code would
 * misread its schema, so neither the service nor a `larder` command uses it. One line for the
 * operator, the same from both.
 */
export class MigratedByNewerLarder extends Error {
  override name = 'MigratedByNewerLarder';
  constructor(readonly migrations: readonly string[]) {
    super(`the database was migrated by a newer Larder (${migrations.join(', ')}); use that version`);
  }
}

/** Throws `MigratedByNewerLarder` when the database has run migrations this code does not know. */
export function refuseNewerSchema(state: MigrationState): void {
  if (state.unknown.length > 0) throw new MigratedByNewerLarder(state.unknown);
}

/**
 * Brings the schema up to date. Kysely holds a database lock while it migrates,
 * so two instances starting at once run each migration exactly once. A database a newer Larder
 * migrated is refused (`MigratedByNewerLarder`) before kysely calls it "corrupted migrations".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was, not as it is
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  refuseNewerSchema(await migrationState(db));
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    // The operator is told which migration failed (its name is otherwise only in a debug stack);
    // the cause's code stays, so a database that stopped answering is still seen as one.
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    if (!failed) throw cause;
    throw Object.assign(new Error(`migration ${failed} failed: ${cause.message}`, { cause }), {
      code: (cause as { code?: unknown }).code,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** How the database's schema stands against this code's migrations. */
export interface MigrationState {
  /** Migrations this code has and the database has not run yet, in order. */
  pending: string[];
  /** Migrations the database has run that this code does not know (a newer Larder migrated it). */
  unknown: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see migrateToLatest
export async function migrationState(db: Kysely<any>): Promise<MigrationState> {
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  let applied: string[] = [];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = rows.map((row) => row.name);
  } catch (error) {
    // No migration table yet (undefined_table): an empty database, every migration pending.
    // Anything else — a database that stopped answering — is no answer about the schema.
    if ((error as { code?: unknown }).code !== '42P01') throw error;
  }
  const done = new Set(applied);
  return {
    pending: known.filter((name) => !done.has(name)),
    unknown: applied.filter((name) => !known.includes(name)).sort(),
  };
}
