import { type Database, openDatabase } from '@larder/adapters-postgres';
import { type TestDatabase, openTestDatabase } from '@larder/adapters-postgres/test-support/test-database.js';
import { AccountSetup, type CoreDependencies, ValidationFailed, ensureOwner } from '@larder/domain';
import { composeContainer, coreDependencies } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';

const config = loadConfig({ SERVICE_DATA_DIR: '/tmp/larder-test-data' });

/** What one service instance on this database would use. */
function instanceOn(database: Database): CoreDependencies & { setup: AccountSetup } {
  const c = composeContainer(config, database);
  return { ...coreDependencies(c), setup: c.resolve(AccountSetup) };
}

const opened: Database[] = [];
async function freshDatabase(): Promise<TestDatabase> {
  const database = await openTestDatabase();
  opened.push(database);
  return database;
}
/** A second connection pool on the same PostgreSQL database, as a second instance would open; on PGlite its one connection. */
async function secondHandle(database: TestDatabase): Promise<Database> {
  if (database.kind !== 'pg') return database;
  const second = await openDatabase({ url: database.url, poolSize: 2 });
  opened.unshift(second);
  return second;
}
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function owners(database: Database) {
  return database.db.selectFrom('accounts').select(['username', 'role']).execute();
}

describe('ensureOwner', () => {
  it('creates exactly one owner when two instances start at once', async () => {
    for (let round = 0; round < 3; round++) {
      for (const open of opened.splice(0)) await open.close();
      const database = await freshDatabase();
      const a = instanceOn(database);
      const b = instanceOn(await secondHandle(database));
      const results = await Promise.all([
        ensureOwner(a, 'admin', 'owner-password-1'),
        ensureOwner(b, 'admin', 'owner-password-1'),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.find((r) => !r.created)).toMatchObject({ created: false, setupLink: null });
      expect(await owners(database)).toEqual([{ username: 'admin', role: 'superadmin' }]);
    }
  });

  it('creates exactly one owner even when the racing instances name different owners', async () => {
    const database = await freshDatabase();
    const a = instanceOn(database);
    const b = instanceOn(await secondHandle(database));
    const results = await Promise.all([ensureOwner(a, 'alice', undefined), ensureOwner(b, 'bob', undefined)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await owners(database);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('superadmin');
    // Only the winner's setup link exists.
    const links = await database.db.selectFrom('one_time_links').select(['account_id', 'purpose']).execute();
    expect(links).toEqual([{ account_id: results.find((r) => r.created)!.owner!.id, purpose: 'setup' }]);
  });

  it('without a password issues a one-time setup link for the owner', async () => {
    const database = await freshDatabase();
    const instance = instanceOn(database);
    const result = await ensureOwner(instance, 'admin', undefined);
    expect(result.created).toBe(true);
    expect(result.owner).toMatchObject({ username: 'admin', role: 'superadmin', passwordHash: null });
    const link = result.setupLink!;
    expect(link.path).toBe(`/setup/${link.token}`);
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    const found = await instance.setup.inspect(link.token);
    expect(found).toMatchObject({ purpose: 'setup', account: { username: 'admin' } });
    const signedIn = await instance.setup.redeem(link.token, 'chosen-password');
    expect(signedIn.account.passwordHash).not.toBeNull();
  });

  it('re-issues the owner a fresh link at every start until a password is chosen; the old link dies', async () => {
    const database = await freshDatabase();
    const instance = instanceOn(database);
    const first = await ensureOwner(instance, 'admin', undefined);
    const restart = await ensureOwner(instance, 'admin', undefined);
    expect(restart.created).toBe(false);
    expect(restart.setupLink?.token).toBeDefined();
    expect(restart.setupLink?.token).not.toBe(first.setupLink?.token);
    await expect(instance.setup.inspect(first.setupLink!.token)).rejects.toMatchObject({
      code: 'link.not_found',
    });
    await instance.setup.redeem(restart.setupLink!.token, 'chosen-password');
    const afterPassword = await ensureOwner(instance, 'admin', undefined);
    expect(afterPassword).toMatchObject({ created: false, setupLink: null });
  });

  it('with a password creates a signed-in-able owner and no link', async () => {
    const database = await freshDatabase();
    const instance = instanceOn(database);
    const result = await ensureOwner(instance, 'chef', 'owner-password-1');
    expect(result).toMatchObject({ created: true, setupLink: null, owner: { username: 'chef' } });
    expect(await instance.hasher.verify('owner-password-1', result.owner!.passwordHash!)).toBe(true);
    expect(await database.db.selectFrom('one_time_links').selectAll().execute()).toEqual([]);
  });

  it('does nothing on an instance that has accounts', async () => {
    const database = await freshDatabase();
    const instance = instanceOn(database);
    await ensureOwner(instance, 'admin', 'owner-password-1');
    const again = await ensureOwner(instance, 'someone-else', undefined);
    expect(again).toMatchObject({ created: false, setupLink: null, owner: { username: 'admin' } });
    expect(await owners(database)).toEqual([{ username: 'admin', role: 'superadmin' }]);
  });

  it('refuses a bad SERVICE_ADMIN_USER or SERVICE_ADMIN_PASSWORD on an empty instance', async () => {
    const database = await freshDatabase();
    const instance = instanceOn(database);
    await expect(ensureOwner(instance, 'no spaces allowed', undefined)).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    await expect(ensureOwner(instance, 'admin', 'short')).rejects.toMatchObject({
      issues: [expect.objectContaining({ location: 'SERVICE_ADMIN_PASSWORD' })],
    });
    await expect(ensureOwner(instance, 'admin', 'é'.repeat(40))).rejects.toBeInstanceOf(ValidationFailed);
    expect(await owners(database)).toEqual([]);
  });
});
