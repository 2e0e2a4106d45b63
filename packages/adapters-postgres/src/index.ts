export { openDatabase, type Database, type DatabaseOptions } from './connect.js';
export {
  MigratedByNewerLarder,
  migrateToLatest,
  migrationState,
  refuseNewerSchema,
  type MigrationState,
} from './migrate.js';
export { READS_CHANGED_CHANNEL, createPostgresStore, type StoreOptions } from './store.js';
export { ReadCache } from './read-cache.js';
export type { LarderDatabase } from './schema.js';
export { DataDirectoryInUse } from './data-dir-lock.js';
export { CannotOpenDatabase, DatabaseClosed, OUTAGE_RETRY_SECONDS } from './outage.js';
export { keepCoherent, type CoherenceOptions } from './cache-coherence.js';
