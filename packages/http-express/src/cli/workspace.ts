import { type Database, migrationState, openDatabase, refuseNewerSchema } from '@larder/adapters-postgres';
import { MAILER } from '@larder/domain';
import type { DependencyContainer } from 'tsyringe';
import { CLOSE_RENDERER, composeContainer } from '../composition-root.js';
import type { Config } from '../config.js';

/** The configured database and image store, composed as the service composes them. */
export interface Workspace {
  config: Config;
  database: Database;
  container: DependencyContainer;
  /** Where links the command prints open: `SERVICE_PUBLIC_URL`, or the service's own port here. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The database needs migrations this Larder has: the command would misread it, so it stops (one a
 * newer Larder migrated is refused with `MigratedByNewerLarder`, as the service refuses it).
 */
export class SchemaMismatch extends Error {}

/**
 * Opens the configured database (the embedded one under the data directory is locked while open:
 * a running service holds it) and composes the service around it, without its timers and without
 * the read cache. An embedded database that is not there is not made: only `larder migrate` and the
 * service make one. Refuses a database whose migrations differ from this code's, unless `anySchema`.
 */
export async function openWorkspace(
  config: Config,
  options: { anySchema?: boolean } = {},
): Promise<Workspace> {
  // A mistyped SERVICE_DATA_DIR is said, not answered with a new, empty household there.
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    create: false,
  });
  try {
    if (!options.anySchema) {
      const state = await migrationState(database.db);
      refuseNewerSchema(state);
      if (state.pending.length > 0) {
        throw new SchemaMismatch(
          `the database needs ${state.pending.length} migration(s) first: run \`larder migrate\``,
        );
      }
    }
    const container = composeContainer({ ...config, readCache: false }, database);
    return {
      config,
      database,
      container,
      baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      // Whatever a part's closing throws, the others close, the database last (an embedded one
      // keeps its lock, touched every 10 s, while open: the command would never end).
      close: async () => {
        try {
          await container.resolve<() => Promise<void>>(CLOSE_RENDERER)();
        } finally {
          try {
            (container.resolve(MAILER) as { close?: () => void }).close?.();
          } finally {
            await database.close();
          }
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
