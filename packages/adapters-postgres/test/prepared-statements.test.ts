import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/connect.js';
import { preparingStatements } from '../src/prepared-statements.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function onOneConnection(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  pool.on('connect', preparingStatements);
  const client = await pool.connect();
  try {
    await work(client);
  } finally {
    client.release();
    await pool.end();
  }
}

const prepared = async (client: pg.PoolClient) =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

test('a statement with parameters is prepared once per connection and run again by name', async () => {
  if (database.kind !== 'pg') {
    // The embedded database has no pool of connections; it plans as before.
    expect(database.kind).toBe('pglite');
    return;
  }
  await onOneConnection(async (client) => {
    const text = 'select $1::int + 1 as n';
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect((await prepared(client)).filter((s) => s === text)).toHaveLength(1);
    // Several commands in one text (a migration) stay unnamed, and work.
    await client.query('create temporary table t (n int); insert into t values (1)');
    expect((await client.query('select count(*)::int as n from t where n = $1', [1])).rows).toEqual([
      { n: 1 },
    ]);
    // A statement that fails to prepare is not remembered as prepared.
    await expect(client.query('select nonsense from nowhere where x = $1', [1])).rejects.toThrow(/nowhere/);
    await expect(client.query('select nonsense from nowhere where x = $1', [1])).rejects.toThrow(/nowhere/);
    expect((await client.query(text, [2])).rows).toEqual([{ n: 3 }]);
  });
});

test("the service's pool prepares its statements: a second run of a read finds it prepared", async () => {
  if (database.kind !== 'pg') {
    expect(database.kind).toBe('pglite');
    return;
  }
  const service = await openDatabase({ url: database.url, poolSize: 1 });
  try {
    const read = (id: string) =>
      sql<{ id: string }>`select id from accounts where id = ${id}`.execute(service.db);
    await read('a');
    await read('b');
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      service.db,
    );
    expect(rows.map((r) => r.statement)).toContain('select id from accounts where id = $1');
  } finally {
    await service.close();
  }
});

test('a connection keeps at most 256 statements prepared; later new texts run unnamed', async () => {
  if (database.kind !== 'pg') {
    expect(database.kind).toBe('pglite');
    return;
  }
  await onOneConnection(async (client) => {
    for (let i = 0; i < 300; i++) {
      expect((await client.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    }
    expect(await prepared(client)).toHaveLength(256);
  });
});

test("the service's statements are planned once, not for each run's values", async () => {
  if (database.kind !== 'pg') {
    expect(database.kind).toBe('pglite');
    return;
  }
  const service = await openDatabase({ url: database.url, poolSize: 1 });
  try {
    // `limit` with a parameter is what made PostgreSQL's own choice plan each run again.
    const read = (id: string, limit: number) =>
      sql<{ id: string }>`select id from accounts where id > ${id} order by id limit ${limit}`.execute(
        service.db,
      );
    for (let i = 0; i < 8; i++) await read(`a${i}`, 24);
    const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
      select generic_plans, custom_plans from pg_prepared_statements
      where statement = 'select id from accounts where id > $1 order by id limit $2'`.execute(service.db);
    expect(rows).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
  } finally {
    await service.close();
  }
});
