/**
 * A fresh, migrated database for one test file: a clone of the template on a
 * real PostgreSQL, or a PGlite loaded from the migrated snapshot.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../src/connect.js';

export interface TestDatabase extends Database {
  /** `pg` or `pglite`: which engine this file runs on. */
  kind: string;
  /** Connection URL on a real server (to open a second pool on the same data). */
  url: string | undefined;
}

let snapshot: Blob | undefined;

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['LARDER_TEST_SERVER_URL'];
  const template = process.env['LARDER_TEST_TEMPLATE'];
  if (serverUrl && template) {
    const name = `${process.env['LARDER_TEST_PREFIX'] ?? 'larder_test_'}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 5 });
    return {
      ...database,
      kind: 'pg',
      url: url.toString(),
      close: async () => {
        await database.close();
        await dropDatabase(serverUrl, name);
      },
    };
  }
  const file = process.env['LARDER_TEST_PGLITE_SNAPSHOT'];
  if (!file) throw new Error('the jest global setup did not prepare a test database');
  snapshot ??= new Blob([await readFile(file)]);
  const pglite = await PGlite.create({ loadDataDir: snapshot });
  const database = await openDatabase({ pglite });
  return { ...database, kind: 'pglite', url: undefined };
}

/** An empty database on the test server, for a test that migrates it itself. */
export interface EmptyServerDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * On a real PostgreSQL run, a new empty database (no migration run); on PGlite runs null: such a
 * test gives the service a data directory of its own instead.
 */
export async function emptyServerDatabase(): Promise<EmptyServerDatabase | null> {
  const serverUrl = process.env['LARDER_TEST_SERVER_URL'];
  if (!serverUrl) return null;
  const name = `${process.env['LARDER_TEST_PREFIX'] ?? 'larder_test_'}${randomBytes(6).toString('hex')}_empty`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Drops a finished test database. An autovacuum worker can still be in it, and
 * `with (force)` may not terminate that as a plain role: then wait and try
 * again, and at worst leave it to the next run's cleanup of stale databases.
 * Cleanup never fails a test file.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  try {
    for (let attempt = 1; attempt <= 10; attempt++) {
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await cleanup.end();
  }
}

/**
 * Runs `work` with two connections of its own to a database on a real server: `holding`, to keep
 * a transaction open, and `other`, which must not wait on it (its lock waits fail after 2 s). A
 * transaction `work` leaves open on `holding` is rolled back.
 */
export async function besideAHeldTransaction(
  url: string,
  work: (holding: pg.Client, other: pg.Client) => Promise<void>,
): Promise<void> {
  const holding = new pg.Client({ connectionString: url });
  const other = new pg.Client({ connectionString: url });
  await holding.connect();
  await other.connect();
  try {
    await other.query(`set lock_timeout = '2s'`);
    await work(holding, other);
  } finally {
    await holding.query('rollback').catch(() => undefined);
    await holding.end();
    await other.end();
  }
}
