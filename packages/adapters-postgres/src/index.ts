export { openDatabase, type Database, type DatabaseOptions } from './connect.js';
export { migrateToLatest } from './migrate.js';
export { createPostgresStore } from './store.js';
export type { LarderDatabase } from './schema.js';
