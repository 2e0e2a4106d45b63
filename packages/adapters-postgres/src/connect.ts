import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { LarderDatabase } from './schema.js';

export interface DatabaseOptions {
  /** `postgres://…`: use that server through `pg`. */
  url?: string | undefined;
  /** Otherwise the embedded PGlite database lives under `<dataDir>/db`. */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load one from a migrated snapshot). */
  pglite?: PGlite | undefined;
  poolSize?: number;
}

export interface Database {
  db: Kysely<LarderDatabase>;
  driver: 'pg' | 'pglite';
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// int8 (count, sum) arrives as a string from pg; our values fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped connection must not take the process down; the pool replaces it.
    pool.on('error', () => undefined);
    const db = new Kysely<LarderDatabase>({ dialect: new PostgresDialect({ pool }) });
    return { db, driver: 'pg', ping: () => ping(db), close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    const dir = join(options.dataDir ?? './data', 'db');
    await mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const instance = pglite;
  const db = new Kysely<LarderDatabase>({ dialect: new PGliteDialect({ pglite: instance }) });
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    close: async () => {
      await db.destroy();
      if (!instance.closed) await instance.close();
    },
  };
}

async function ping(db: Kysely<LarderDatabase>): Promise<void> {
  await sql`select 1`.execute(db);
}
