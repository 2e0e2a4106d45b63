import { constants, existsSync, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DataDirectoryInUse, lockDataDirectory } from './data-dir-lock.js';
import { CannotOpenDatabase, DatabaseClosed, failureReason } from './outage.js';
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
   * listening connection fails. Resolves once listening; rejects with `DatabaseClosed` once `close`
   * has been called, even while the listening connection was still opening.
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
    // Listening connections once they listen. One still opening is ended by its own `listen`
    // after the opening settles: pg's end() of a client still connecting can wait for ever.
    const listeners: pg.Client[] = [];
    let closed = false;
    const hangUp = async (client: pg.Client) => {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    };
    return {
      db,
      driver: 'pg',
      ping: () => ping(db),
      pool: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, onNotice, onLost) => {
        if (closed) throw new DatabaseClosed();
        // Like the pool's, an opening that gets no answer fails in seconds rather than never.
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
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
        let connected = false;
        try {
          await client.connect();
          connected = true;
          await client.query(`listen ${client.escapeIdentifier(channel)}`);
        } catch (error) {
          // (A connection that failed to open is gone already; pg's end() of one can wait for ever.)
          if (connected) await hangUp(client);
          throw closed ? new DatabaseClosed() : error;
        }
        // A close() while this was opening left it to us: see the note on `listeners`.
        if (closed) {
          await hangUp(client);
          throw new DatabaseClosed();
        }
        listeners.push(client);
      },
      close: async () => {
        closed = true;
        for (const client of listeners.splice(0)) await hangUp(client);
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
  let closed = false;
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    pool: () => null,
    listen: async (channel, onNotice) => {
      if (closed) throw new DatabaseClosed();
      let unlisten: () => Promise<void>;
      try {
        unlisten = await instance.listen(channel, (payload) => onNotice(payload ?? ''));
      } catch (error) {
        throw closed ? new DatabaseClosed() : error;
      }
      if (closed) {
        await unlisten().catch(() => undefined);
        throw new DatabaseClosed();
      }
      unlisteners.push(unlisten);
    },
    close: async () => {
      closed = true;
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
