import { constants, existsSync, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DataDirectoryInUse, lockDataDirectory } from './data-dir-lock.js';
import { CannotOpenDatabase, failureReason } from './outage.js';
import { preparingStatements } from './prepared-statements.js';
import { makePrivateDirectory } from './private-directory.js';
import type { LarderDatabase } from './schema.js';

export interface DatabaseOptions {
  /** `postgres://…`: use that server through `pg`. */
  url?: string | undefined;
  /** Otherwise the embedded PGlite database lives under `<dataDir>/db`. */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load one from a migrated snapshot). */
  pglite?: PGlite | undefined;
  /**
   * Whether an embedded database that is not there yet is made (the service, `larder migrate`);
   * `false` refuses to, leaving nothing behind (the commands that read or add to a household).
   */
  create?: boolean;
  poolSize?: number;
}

export interface Database {
  db: Kysely<LarderDatabase>;
  driver: 'pg' | 'pglite';
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Calls `onNotice` with the payload of every NOTIFY on `channel` (from any instance on this
   * database, after the sending transaction commits); `onLost` when the
   * listening connection fails. Resolves once listening.
   */
  listen(channel: string, onNotice: (payload: string) => void, onLost: () => void): Promise<void>;
  /** The connection pool now (PostgreSQL); null for the embedded database's one connection. */
  pool(): { size: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

// int8 (count, sum) arrives as a string from pg; our values fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const url = options.url;
    // A database that does not answer fails a request in seconds (503), not when the client gives up.
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      // Statements are prepared once per connection (below) and planned once as well: every one of
      // the service's statements leads with its indexes whatever its values, and planning a search
      // or a card page (0.6 ms) costs as much as running it. In PostgreSQL's own choice those two
      // were planned again on every run, since a generic plan's guess for `limit $n` (a tenth of
      // the rows) makes it look dearer. Unnamed statements (one-off, several commands) are planned
      // with their values as before.
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // A dropped connection must not take the process down; the pool replaces it.
    pool.on('error', () => undefined);
    pool.on('connect', preparingStatements);
    const db = new Kysely<LarderDatabase>({ dialect: new PostgresDialect({ pool }) });
    try {
      await ping(db);
    } catch (error) {
      await db.destroy();
      throw new CannotOpenDatabase(
        `the database at ${serverOf(url)} could not be reached: ${failureReason(error)}`,
        { cause: error },
      );
    }
    const listeners: pg.Client[] = [];
    return {
      db,
      driver: 'pg',
      ping: () => ping(db),
      pool: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, onNotice, onLost) => {
        const client = new pg.Client({ connectionString: url });
        listeners.push(client);
        let lost = false;
        const lose = () => {
          if (lost) return;
          lost = true;
          onLost();
        };
        client.on('error', lose);
        client.on('end', lose);
        client.on('notification', (message) => {
          if (message.channel === channel) onNotice(message.payload ?? '');
        });
        await client.connect();
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
      },
      close: async () => {
        for (const client of listeners.splice(0)) {
          client.removeAllListeners('end');
          client.removeAllListeners('error');
          client.on('error', () => undefined);
          await client.end().catch(() => undefined);
        }
        await db.destroy();
      },
    };
  }
  let pglite = options.pglite;
  let unlock = () => {};
  if (!pglite) {
    const dataDir = options.dataDir ?? './data';
    const dir = join(dataDir, 'db');
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      throw new CannotOpenDatabase(
        `the data directory ${dataDir} cannot be used: ${dir} is a file, where the database's folder belongs`,
      );
    }
    if (options.create === false && !existsSync(join(dir, 'PG_VERSION'))) {
      throw new CannotOpenDatabase(
        `there is no Larder data in ${dataDir} (SERVICE_DATA_DIR); nothing was created there ` +
          '(a start of the service or `larder migrate` makes a new household)',
      );
    }
    try {
      await makePrivateDirectory(dir);
      unlock = lockDataDirectory(dataDir);
    } catch (error) {
      if (error instanceof DataDirectoryInUse) throw error;
      throw new CannotOpenDatabase(`the data directory ${dataDir} cannot be used: ${failureReason(error)}`, {
        cause: error,
      });
    }
    try {
      // PGlite says no more than that it 'failed to initialize properly' of a directory it cannot write.
      await access(dir, constants.W_OK);
      pglite = await PGlite.create(dir);
    } catch (error) {
      unlock();
      throw new CannotOpenDatabase(
        `the embedded database in ${dir} could not be opened: ${failureReason(error)}`,
        { cause: error },
      );
    }
  }
  const instance = pglite;
  const db = new Kysely<LarderDatabase>({ dialect: new PGliteDialect({ pglite: instance }) });
  const unlisteners: Array<() => Promise<void>> = [];
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    pool: () => null,
    listen: async (channel, onNotice) => {
      unlisteners.push(await instance.listen(channel, (payload) => onNotice(payload ?? '')));
    },
    close: async () => {
      for (const unlisten of unlisteners.splice(0)) await unlisten().catch(() => undefined);
      await db.destroy();
      if (!instance.closed) await instance.close();
      unlock();
    },
  };
}

/** `host:port` of a PostgreSQL URL, without the user and password it may hold. */
function serverOf(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host || 'localhost'}${pathname}`;
  } catch {
    return 'SERVICE_DATABASE_URL';
  }
}

async function ping(db: Kysely<LarderDatabase>): Promise<void> {
  await sql`select 1`.execute(db);
}
