import { randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Account, Role, Store } from '@larder/domain';
import { DEFAULT_SETTINGS } from '@larder/domain';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { openDatabase } from '../src/connect.js';
import { MigratedByNewerLarder, migrateToLatest, migrationState } from '../src/migrate.js';
import { migrationProvider } from '../src/migrations/index.js';
import { translatingOutage } from '../src/outage.js';
import { createPostgresStore } from '../src/store.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

const MINUTE = 60 * 1000;

let database: TestDatabase;
let store: Store;
beforeAll(async () => {
  database = await openTestDatabase();
  store = createPostgresStore(database.db);
});
afterAll(() => database.close());

function account(username: string, role: Role = 'user'): Account {
  return {
    id: randomUUID(),
    username,
    displayName: username,
    email: null,
    emailVerified: false,
    role,
    color: 'amber',
    locale: 'en',
    avatarId: null,
    canSharePublicly: true,
    passwordHash: null,
    hasIdentity: false,
    createdAt: new Date(),
  };
}

async function newAccount(username: string, role: Role = 'user'): Promise<Account> {
  const a = account(username, role);
  expect(await store.accounts.insert(a)).toBe(true);
  return a;
}

const digest = () => randomBytes(32).toString('hex');

describe('one-time links', () => {
  it('lets exactly one of many concurrent consumers use a link', async () => {
    const a = await newAccount('linked');
    for (let round = 0; round < 5; round++) {
      const tokenDigest = digest();
      const now = new Date();
      await store.links.replace({
        tokenDigest,
        accountId: a.id,
        purpose: 'setup',
        createdAt: now,
        expiresAt: new Date(now.getTime() + MINUTE),
        usedAt: null,
      });
      // Each call takes its own pool connection on PostgreSQL, or queues on PGlite's single one.
      const results = await Promise.all(
        Array.from({ length: 6 }, () => store.links.consume(tokenDigest, new Date())),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store.links.find(tokenDigest))?.usedAt).toBeInstanceOf(Date);
    }
  });

  it('does not consume an expired or unknown link', async () => {
    const a = await newAccount('expired-link');
    const tokenDigest = digest();
    const created = new Date(Date.now() - 10 * MINUTE);
    await store.links.replace({
      tokenDigest,
      accountId: a.id,
      purpose: 'setup',
      createdAt: created,
      expiresAt: new Date(Date.now() - MINUTE),
      usedAt: null,
    });
    expect(await store.links.consume(tokenDigest, new Date())).toBe(false);
    expect(await store.links.consume(digest(), new Date())).toBe(false);
    expect(await store.links.openExpiry(a.id, 'setup', new Date())).toBeNull();
  });

  it('replaces the open link of the same purpose and keeps others', async () => {
    const a = await newAccount('replaced-link');
    const now = new Date();
    const later = new Date(now.getTime() + 60 * MINUTE);
    const first = digest();
    const second = digest();
    const reset = digest();
    await store.links.replace({
      tokenDigest: first,
      accountId: a.id,
      purpose: 'setup',
      createdAt: now,
      expiresAt: later,
      usedAt: null,
    });
    await store.links.replace({
      tokenDigest: reset,
      accountId: a.id,
      purpose: 'reset',
      createdAt: now,
      expiresAt: later,
      usedAt: null,
    });
    await store.links.replace({
      tokenDigest: second,
      accountId: a.id,
      purpose: 'setup',
      createdAt: now,
      expiresAt: later,
      usedAt: null,
    });
    expect(await store.links.find(first)).toBeNull();
    expect(await store.links.find(second)).not.toBeNull();
    expect(await store.links.find(reset)).not.toBeNull();
    expect((await store.links.openExpiry(a.id, 'setup', now))?.getTime()).toBe(later.getTime());
    expect(await store.links.revokeOpen(a.id, ['setup'], now)).toBe(1);
    expect(await store.links.revokeOpen(a.id, ['setup'], now)).toBe(0);
    expect(await store.links.find(reset)).not.toBeNull();
  });
});

describe('sign-in attempts', () => {
  const WINDOW = 15 * MINUTE;

  it('counts attempts in one window and starts over once it has passed', async () => {
    const start = new Date('2026-01-01T10:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const count = (key: string, minutes: number) => store.signInAttempts.count(key, at(minutes), WINDOW);
    expect(await count('pair:someone', 0)).toEqual({ attempts: 1, windowStartedAt: at(0) });
    expect(await count('pair:someone', 5)).toEqual({ attempts: 2, windowStartedAt: at(0) });
    expect(await count('pair:someone', 14)).toEqual({ attempts: 3, windowStartedAt: at(0) });
    expect(await count('pair:someone', 16)).toEqual({ attempts: 1, windowStartedAt: at(16) });
    expect(await count('pair:someone-else', 16)).toEqual({ attempts: 1, windowStartedAt: at(16) });
    await store.signInAttempts.uncount('pair:someone');
    expect(await count('pair:someone', 17)).toEqual({ attempts: 1, windowStartedAt: at(17) });
    await store.signInAttempts.clear('pair:someone');
    expect(await count('pair:someone', 18)).toEqual({ attempts: 1, windowStartedAt: at(18) });
  });

  it('loses no attempt when many arrive at once', async () => {
    const now = new Date();
    const counts = await Promise.all(
      Array.from({ length: 12 }, () => store.signInAttempts.count('pair:crowded', now, WINDOW)),
    );
    expect(counts.map((c) => c.attempts).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it("hands out a username's turns one after another, spaced by its failures, even all at once", async () => {
    const now = new Date('2026-02-01T10:00:00Z');
    const rule = { free: 2, stepMs: 1000, capMs: 4000 };
    for (let i = 0; i < 3; i++) await store.signInAttempts.count('username:popular', now, WINDOW);
    // Three failures, two of them free: every turn is spaced 2 s (1 s doubled once) from the last.
    const turns = await Promise.all(
      Array.from({ length: 5 }, () => store.signInAttempts.takeTurn('username:popular', now, WINDOW, rule)),
    );
    expect(turns.map((t) => t.getTime() - now.getTime()).sort((a, b) => a - b)).toEqual([
      0, 2000, 4000, 6000, 8000,
    ]);
    expect((await store.signInAttempts.nextTurn('username:popular'))?.getTime()).toBe(now.getTime() + 10_000);
  });
});

describe('household settings', () => {
  afterEach(() => store.settings.save(DEFAULT_SETTINGS));

  it('start with the defaults', async () => {
    expect(await store.settings.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuse, by a CHECK constraint, a default lifetime above the maximum or missing under one', async () => {
    await expect(
      store.settings.save({ ...DEFAULT_SETTINGS, publicShareMaxDays: 7, publicShareDefaultDays: 30 }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      store.settings.save({ ...DEFAULT_SETTINGS, publicShareMaxDays: 7, publicShareDefaultDays: null }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await store.settings.get()).toEqual(DEFAULT_SETTINGS);
    const fine = {
      ...DEFAULT_SETTINGS,
      publicShares: true,
      publicShareMaxDays: 30,
      publicShareDefaultDays: 30,
    };
    await store.settings.save(fine);
    expect(await store.settings.get()).toEqual(fine);
  });

  it('keep a single row', async () => {
    await expect(
      sql`insert into household_settings (id) values (2)`.execute(database.db),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`insert into household_settings (id) values (1)`.execute(database.db),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('accounts', () => {
  it('admit a single owner: a second superadmin insert answers false', async () => {
    const owner = account('first-owner', 'superadmin');
    expect(await store.accounts.insert(owner)).toBe(true);
    expect(await store.accounts.insert(account('second-owner', 'superadmin'))).toBe(false);
    // Answered, not raised: a transaction stays usable after the refusal.
    await store.transaction(async (tx) => {
      expect(await tx.accounts.insert(account('third-owner', 'superadmin'))).toBe(false);
      expect(await tx.accounts.insert(account('after-refusal'))).toBe(true);
    });
    const owners = await database.db
      .selectFrom('accounts')
      .select('username')
      .where('role', '=', 'superadmin')
      .execute();
    expect(owners).toEqual([{ username: 'first-owner' }]);
    expect(await store.accounts.byUsername('after-refusal')).not.toBeNull();
  });

  it('admit a single owner even when two inserts race', async () => {
    await database.db.deleteFrom('accounts').where('role', '=', 'superadmin').execute();
    const results = await Promise.all(
      ['racer-a', 'racer-b', 'racer-c'].map((u) => store.accounts.insert(account(u, 'superadmin'))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const owners = await database.db
      .selectFrom('accounts')
      .select('id')
      .where('role', '=', 'superadmin')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('compare usernames without case', async () => {
    await newAccount('Casey');
    expect(await store.accounts.insert(account('CASEY'))).toBe(false);
    expect(await store.accounts.insert(account('casey'))).toBe(false);
    expect((await store.accounts.byUsername('cAsEy'))?.username).toBe('Casey');
  });

  it('end sessions, tokens and links of a deleted account', async () => {
    const a = await newAccount('leaving');
    const now = new Date();
    const later = new Date(now.getTime() + MINUTE);
    await store.sessions.create({
      tokenDigest: digest(),
      accountId: a.id,
      createdAt: now,
      expiresAt: later,
      refreshedAt: now,
    });
    await store.apiTokens.insert({
      id: randomUUID(),
      ownerId: a.id,
      name: 't',
      prefix: 'lrd_abcd',
      tokenDigest: digest(),
      scopes: ['recipes:read'],
      createdAt: now,
      expiresAt: null,
      lastUsedAt: null,
    });
    await store.links.replace({
      tokenDigest: digest(),
      accountId: a.id,
      purpose: 'setup',
      createdAt: now,
      expiresAt: later,
      usedAt: null,
    });
    expect(await store.accounts.delete(a.id)).toBe(true);
    for (const [table, column] of [
      ['sessions', 'account_id'],
      ['api_tokens', 'owner_id'],
      ['one_time_links', 'account_id'],
    ] as const) {
      const rows = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${a.id}`.execute(
        database.db,
      );
      expect(rows.rows[0]?.n).toBe(0);
    }
    expect(await store.accounts.delete(a.id)).toBe(false);
  });

  it('roll a failed transaction back entirely', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.accounts.insert(account('rolled-back'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.accounts.byUsername('rolled-back')).toBeNull();
  });
});

describe('migrations', () => {
  const all = async () => Object.keys(await migrationProvider.getMigrations()).sort();

  it('are pending on an empty database, and unknown on one that does not answer', async () => {
    const empty = await openDatabase({ pglite: new PGlite() });
    expect(await migrationState(empty.db)).toEqual({ pending: await all(), unknown: [] });
    await empty.close();
    // A closed database is no empty one: 'the database needs 18 migration(s) first' was the answer.
    await expect(migrationState(empty.db)).rejects.toThrow();
  });

  it('are idempotent: a migrated database gets nothing more', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await migrateToLatest(database.db)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(await all());
  });

  // A rollback after an upgrade: kysely called it 'corrupted migrations', the service said so.
  it('refuse a database a newer Larder migrated, naming its migrations, and leave it as it was', async () => {
    const fresh = await openDatabase({ pglite: await PGlite.create() });
    try {
      await migrateToLatest(fresh.db);
      await sql`insert into kysely_migration (name, timestamp) values ('29991231T0000_future', now()::text)`.execute(
        fresh.db,
      );
      const refused = migrateToLatest(fresh.db);
      await expect(refused).rejects.toBeInstanceOf(MigratedByNewerLarder);
      await expect(refused).rejects.toThrow(
        'the database was migrated by a newer Larder (29991231T0000_future); use that version',
      );
      expect(await migrationState(fresh.db)).toEqual({ pending: [], unknown: ['29991231T0000_future'] });
    } finally {
      await fresh.close();
    }
  });

  it('succeed when two instances migrate one empty database at once', async () => {
    const names = await all();
    if (database.kind === 'pg') {
      // Two pools on a brand-new, empty database: two service instances starting together.
      const serverUrl = new URL(database.url as string);
      const name = `${process.env['LARDER_TEST_PREFIX'] ?? 'larder_test_'}${randomBytes(6).toString('hex')}_fresh`;
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const first = await openDatabase({ url: url.toString(), poolSize: 2 });
      const second = await openDatabase({ url: url.toString(), poolSize: 2 });
      try {
        const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
        expect([...a, ...b].sort()).toEqual(names);
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          first.db,
        );
        expect(applied.rows.map((r) => r.name)).toEqual(names);
        const rows = await sql<{ n: number }>`select count(*)::int as n from household_settings`.execute(
          second.db,
        );
        expect(rows.rows[0]?.n).toBe(1);
      } finally {
        await first.close();
        await second.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      // PGlite has one connection: concurrent migrations on it queue, and the second finds nothing to do.
      expect(database.kind).toBe('pglite');
      const fresh = await openDatabase({ pglite: await PGlite.create() });
      try {
        expect(fresh.driver).toBe('pglite');
        const [a, b] = await Promise.all([migrateToLatest(fresh.db), migrateToLatest(fresh.db)]);
        expect([...a, ...b].sort()).toEqual(names);
        expect(a.length === 0 || b.length === 0).toBe(true);
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          fresh.db,
        );
        expect(applied.rows.map((r) => r.name)).toEqual(names);
        expect(await createPostgresStore(fresh.db).settings.get()).toEqual(DEFAULT_SETTINGS);
      } finally {
        await fresh.close();
      }
    }
  });

  it('give recipes saved before source keys theirs (20261123T1200_source_key)', async () => {
    const fresh = await openDatabase({ pglite: await PGlite.create() });
    try {
      const { error } = await new Migrator({ db: fresh.db, provider: migrationProvider }).migrateTo(
        '20261123T1100_single_sign_on',
      );
      expect(error).toBeUndefined();
      for (const [id, url] of [
        ['a', 'https://www.Example.com/soup/?utm_source=x'],
        ['b', null],
        ['c', 'notes from grandma'],
      ] as const) {
        await sql`insert into recipes (id, slug, title, title_sort, servings, source_url, created_at, updated_at, search)
          values (${id}, ${id}, ${id}, ${id}, 1, ${url}, now(), now(), ''::tsvector)`.execute(fresh.db);
      }
      await migrateToLatest(fresh.db);
      const { rows } = await sql<{ id: string; source_key: string | null }>`
        select id, source_key from recipes order by id`.execute(fresh.db);
      expect(rows).toEqual([
        { id: 'a', source_key: 'example.com/soup' },
        { id: 'b', source_key: null },
        { id: 'c', source_key: null },
      ]);
      expect((await createPostgresStore(fresh.db).recipes.bySourceKey('example.com/soup'))?.id).toBe('a');
    } finally {
      await fresh.close();
    }
  });
});

describe('a database that refuses the service', () => {
  it.each([
    ['42501', 'insufficient_privilege', 'permission denied for database larder'],
    ['28P01', 'invalid_password', 'password authentication failed for user larder'],
    ['28000', 'invalid_authorization_specification', 'no pg_hba.conf entry for host'],
    ['3D000', 'invalid_catalog_name', 'database larder does not exist'],
    ['57P01', 'admin_shutdown', 'terminating connection due to administrator command'],
    ['57P02', 'crash_shutdown', 'terminating connection because of crash of another server process'],
    ['57P03', 'cannot_connect_now', 'the database system is starting up'],
  ])(
    'answers %s (%s) as an outage, with its cause, not as a failed statement',
    async (code, name, message) => {
      const causes: unknown[] = [];
      const refused = translatingOutage(
        () =>
          sql
            .raw(`do $$ begin raise exception '${message}' using errcode = '${name}'; end $$`)
            .execute(database.db),
        (cause) => causes.push(cause),
      );
      await expect(refused).rejects.toMatchObject({ code: 'database.unavailable', retryAfterSeconds: 5 });
      expect(causes).toEqual([expect.objectContaining({ code })]);
    },
  );
});

describe('a database that cannot write', () => {
  it('answers a full disk (disk_full, as PGlite on a full disk raises it) as the outage it is, and says its cause', async () => {
    const causes: unknown[] = [];
    const full = translatingOutage(
      () =>
        sql`do $$ begin raise exception 'could not extend file "base/5/16514": No space left on device' using errcode = 'disk_full'; end $$`.execute(
          database.db,
        ),
      (cause) => causes.push(cause),
    );
    await expect(full).rejects.toMatchObject({ code: 'database.unavailable', retryAfterSeconds: 5 });
    expect(causes).toEqual([expect.objectContaining({ code: '53100' })]);
  });
});
