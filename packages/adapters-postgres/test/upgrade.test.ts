/**
 * Upgrades never strand a household: a database as Larder 1.1 left it (the API core: the
 * migrations up to 20261122T1300_shares) with a household's rows in it, migrated to the latest,
 * keeps every row, and the code of today reads them. Until the repository has a release tag, this
 * is the first state that held real households.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '../src/connect.js';
import { migrateToLatest } from '../src/migrate.js';
import { migrationProvider } from '../src/migrations/index.js';
import { createPostgresStore } from '../src/store.js';

const RELEASE_1_1 = '20261122T1300_shares';
const TABLES = [
  'accounts',
  'sessions',
  'api_tokens',
  'household_settings',
  'recipes',
  'recipe_favorites',
  'recipe_tasty_marks',
  'comments',
  'comment_seen',
  'recipe_images',
  'shares',
  'app_secrets',
];

/** A database of its own, empty: on the test server when the run has one, else in memory. */
async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env['LARDER_TEST_SERVER_URL'];
  if (!serverUrl) {
    const database = await openDatabase({ pglite: await PGlite.create() });
    return { database, drop: () => database.close() };
  }
  const name = `${process.env['LARDER_TEST_PREFIX'] ?? 'larder_test_'}${randomBytes(6).toString('hex')}_upgrade`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A household as 1.1 stored it: the owner and a member, a session and a token, two recipes with marks, photos, comments and a public link. */
async function household(db: Database['db']): Promise<void> {
  const at = '2026-11-01T10:00:00Z';
  await sql`insert into accounts (id, username, username_key, display_name, email, email_verified, role, color, locale, password_hash, created_at)
    values ('a-owner', 'Anna', 'anna', 'Anna Berg', 'anna@example.org', true, 'superadmin', 'teal', 'de', '$2b$10$abcdefghijklmnopqrstuv', ${at}),
           ('a-ben', 'ben', 'ben', 'Ben', null, false, 'user', 'amber', 'en', null, ${at})`.execute(db);
  await sql`update household_settings set public_shares = true, public_share_default_days = 30, link_previews = true where id = 1`.execute(
    db,
  );
  await sql`insert into sessions (token_digest, account_id, created_at, expires_at, refreshed_at)
    values ('digest-session', 'a-owner', ${at}, '2026-12-31T00:00:00Z', ${at})`.execute(db);
  await sql`insert into api_tokens (id, owner_id, name, prefix, token_digest, scopes, created_at)
    values ('t-1', 'a-ben', 'Kitchen tablet', 'lrd_abcd', 'digest-token', ${['recipes:read']}::text[], ${at})`.execute(
    db,
  );
  const recipe = (id: string, slug: string, title: string, url: string | null, words: string) =>
    sql`insert into recipes (id, slug, title, title_sort, description, servings, prep_minutes, cook_minutes, source_url,
        source_name, tags, ingredient_groups, steps, edit_policy, created_by, updated_by, created_at, updated_at, search)
      values (${id}, ${slug}, ${title}, ${title.toLowerCase()}, 'A household favourite.', 4, 10, 35, ${url},
        ${url ? 'example.org' : null}, ${['soup', 'winter']}::text[],
        ${JSON.stringify([{ name: null, ingredients: [{ quantity: 200, unit: 'g', name: 'red lentils', note: null }] }])}::jsonb,
        ${JSON.stringify([{ text: 'Simmer the lentils for 25-30 minutes.', references: [{ groupName: null, ingredientName: 'red lentils', word: 'lentils' }], times: [{ phrase: '25-30 minutes', seconds: 1500, maxSeconds: 1800 }] }])}::jsonb,
        'open', 'a-owner', 'a-ben', ${at}, ${at},
        setweight(to_tsvector('simple', ${title}::text), 'A') || setweight(to_tsvector('simple', ${words}::text), 'D'))`.execute(
      db,
    );
  await recipe(
    'r-soup',
    'lentil-soup',
    'Lentil soup',
    'https://www.Example.org/lentil-soup/?utm_source=x',
    'simmer the lentils',
  );
  await recipe('r-bread', 'pain-de-mie', 'Pain de mie brioché', null, 'knead the dough');
  await sql`insert into recipe_favorites (account_id, recipe_id, created_at) values ('a-ben', 'r-soup', ${at})`.execute(
    db,
  );
  await sql`insert into recipe_tasty_marks (recipe_id, account_id, created_at) values ('r-soup', 'a-ben', ${at})`.execute(
    db,
  );
  await sql`insert into comments (recipe_id, author_id, body, created_at) values ('r-soup', 'a-ben', 'Lovely with bread.', ${at}),
    ('r-soup', 'a-owner', 'Thanks!', ${at})`.execute(db);
  await sql`insert into comment_seen (recipe_id, account_id, last_seen_id) values ('r-soup', 'a-owner', 1)`.execute(
    db,
  );
  await sql`insert into recipe_images (id, recipe_id, position, width, height, bytes, is_cover, created_by, created_at)
    values ('i-1', 'r-soup', 0, 1600, 1200, 345678, true, 'a-owner', ${at}),
           ('i-2', 'r-soup', 1, 1200, 1600, 234567, false, 'a-owner', ${at})`.execute(db);
  await sql`insert into shares (id, recipe_id, created_by, token, token_digest, created_at, expires_at)
    values ('s-1', 'r-soup', 'a-owner', 'share-token', 'digest-share', ${at}, '2026-12-01T10:00:00Z')`.execute(
    db,
  );
  await sql`insert into app_secrets (name, value, created_at) values ('link-preview-signing-key', 'k3y', ${at})`.execute(
    db,
  );
}

/** Every row of the household's tables, as JSON, in a stable order. */
async function rows(db: Database['db']): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows: all } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = all.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return out;
}

/**
 * Columns that hold no household data but what is made of it, made again by later migrations:
 * a recipe's search document (accents came off it).
 */
const DERIVED: Record<string, string[]> = { recipes: ['search'] };

/** The columns each table had at 1.1: what was there must be there still, with the same values. */
function keptColumns(
  before: Record<string, unknown[]>,
  after: Record<string, unknown[]>,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const columns = Object.keys(JSON.parse((before[table]?.[0] as string) ?? '{}') as object).filter(
      (column) => !DERIVED[table]?.includes(column),
    );
    out[table] = (after[table] ?? [])
      .map((text) => {
        const row = JSON.parse(text as string) as Record<string, unknown>;
        return JSON.stringify(Object.fromEntries(columns.map((c) => [c, row[c]])));
      })
      .sort();
  }
  return out;
}

test('a household stored by 1.1 keeps every row through every migration since, and today’s code reads it', async () => {
  const { database, drop } = await freshDatabase();
  try {
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      RELEASE_1_1,
    );
    expect(error).toBeUndefined();
    await household(database.db);
    const before = await rows(database.db);
    for (const table of TABLES) expect(before[table]!.length).toBeGreaterThan(0);

    const applied = await migrateToLatest(database.db);
    expect(applied[0]).toBe('20261123T0900_sign_in_guard');
    const after = await rows(database.db);
    for (const table of TABLES) expect(after[table]).toHaveLength(before[table]!.length);
    const keptBefore = keptColumns(before, before);
    expect(keptColumns(before, after)).toEqual(keptBefore);

    // What later migrations derived from the old rows, and the store reading them.
    const store = createPostgresStore(database.db);
    const view = await store.recipes.view({ slug: 'lentil-soup' }, 'a-ben');
    expect(view).toMatchObject({ favorite: true, recipe: { id: 'r-soup', title: 'Lentil soup' } });
    expect((await store.recipes.bySourceKey('example.org/lentil-soup'))?.id).toBe('r-soup');
    const query = {
      viewerId: 'a-ben',
      text: 'lenti',
      tags: [],
      favoritesOnly: false,
      sort: 'relevance',
      page: 1,
      limit: 24,
    } as const;
    // Each search document is made again, without accents, from the recipe's own columns: its
    // title, tags, ingredients, description and steps (the two recipes share all but the title).
    const found = async (text: string) =>
      (await store.recipeListing.cards({ ...query, text })).items.map((card) => card.id).sort();
    expect(await found('lenti')).toEqual(['r-bread', 'r-soup']);
    expect(await found('winter red lentils household favourite simmer minutes')).toEqual([
      'r-bread',
      'r-soup',
    ]);
    expect(await found('lentil soup')).toEqual(['r-bread', 'r-soup']);
    expect(await found('brioche')).toEqual(['r-bread']);
    expect(await found('BRIOCHÉ pain')).toEqual(['r-bread']);
    expect(await found('brïoche')).toEqual(['r-bread']);
    expect(await store.sessions.findWithAccount('digest-session')).toMatchObject({
      account: { username: 'Anna' },
    });
    expect(await store.apiTokens.findWithAccount('digest-token')).toMatchObject({
      token: { name: 'Kitchen tablet' },
    });
  } finally {
    await drop();
  }
});
