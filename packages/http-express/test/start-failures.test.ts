/**
 * A start that cannot succeed ends with one line on stderr that says what to fix, and an exit code
 * scripts and restart policies can tell apart: 2 for a setting to correct, 1 for the world outside
 * (a port taken, a database that does not answer). Never a stack, and never a process that stays
 * up serving nothing.
 */
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:net';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '@larder/adapters-postgres';
import { sql } from 'kysely';
import { failedStart, newDataDir } from '../test-support/service-process.js';

/** A port some other program listens on. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => socket.end('not larder\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

it('a port another program holds: one line, exit 1, and the data directory let go', async () => {
  const { port, server } = await takenPort();
  const dataDir = await newDataDir();
  try {
    const ended = await failedStart({ SERVICE_ADDR: `127.0.0.1:${port}` }, dataDir);
    expect(ended.code).toBe(1);
    expect(ended.stderr).toBe(
      `larder: cannot listen on 127.0.0.1:${port}: the address is in use (another program listens on that port)\n`,
    );
    expect(ended.stdout).not.toContain('Larder listening');
    // The embedded database was closed and its lock removed on the way out.
    expect(existsSync(join(dataDir, 'larder.lock'))).toBe(false);
  } finally {
    server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 180_000);

it('an address that is not one of this machine’s: one line, exit 1', async () => {
  // 192.0.2.1 is set aside for documentation (RFC 5737): no machine has it.
  const ended = await failedStart({ SERVICE_ADDR: '192.0.2.1:8060' });
  expect(ended.code).toBe(1);
  expect(ended.stderr).toBe(
    'larder: cannot listen on 192.0.2.1:8060: the address is not one of this machine’s\n',
  );
}, 180_000);

it.each([
  ['SERVICE_LOG_LEVEL', 'verbose'],
  ['SERVICE_DATABASE_URL', 'mysql://u:p@127.0.0.1:3306/db'],
])(
  '%s=%s: one line naming the setting, exit 2',
  async (setting, value) => {
    const ended = await failedStart({ [setting]: value });
    expect(ended.code).toBe(2);
    expect(ended.stderr).toMatch(new RegExp(`^larder: ${setting} must be [^\\n]*\\n$`));
  },
  180_000,
);

it('a database that does not answer: one line saying where and why, exit 1; its stack only at debug', async () => {
  const { port, server } = await takenPort();
  server.close();
  const url = `postgres://larder:secret-password@127.0.0.1:${port}/larder`;
  const ended = await failedStart({ SERVICE_DATABASE_URL: url });
  expect(ended.code).toBe(1);
  expect(ended.stderr).toBe(
    `larder: the database at 127.0.0.1:${port}/larder could not be reached: connection refused\n`,
  );
  const debugging = await failedStart({ SERVICE_DATABASE_URL: url, SERVICE_LOG_LEVEL: 'debug' });
  expect(debugging.stderr).toMatch(/^larder: the database at .* connection refused\n[\s\S]*\n {4}at /);
  expect(debugging.stderr).not.toContain('secret-password');
}, 180_000);

// A rollback after an upgrade: kysely's 'corrupted migrations: previously executed migration … is
// missing' was the line, where `larder` says what happened and what to do.
it('a database a newer Larder migrated: the line `larder` says, exit 1', async () => {
  const dataDir = await newDataDir();
  try {
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await sql`insert into kysely_migration (name, timestamp) values ('29991231T0000_future', now()::text)`.execute(
      database.db,
    );
    await database.close();
    const ended = await failedStart({}, dataDir);
    expect(ended.code).toBe(1);
    expect(ended.stderr).toBe(
      'larder: the database was migrated by a newer Larder (29991231T0000_future); use that version\n',
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 180_000);

it('a data directory that cannot be made: one line saying which and why, exit 1', async () => {
  const parent = await newDataDir();
  try {
    // A file where a directory should be: refused to root as to anybody.
    await writeFile(join(parent, 'file'), '');
    const ended = await failedStart({ SERVICE_DATA_DIR: join(parent, 'file', 'data') });
    expect(ended.code).toBe(1);
    expect(ended.stderr).toBe(
      `larder: the data directory ${join(parent, 'file', 'data')} cannot be used: a part of the path is a file, not a directory\n`,
    );
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}, 180_000);

it.each([
  [{ SERVICE_ADMIN_USER: 'bad user' }, 'larder: SERVICE_ADMIN_USER is not a valid username\n'],
  [{ SERVICE_ADMIN_PASSWORD: 'short' }, 'larder: SERVICE_ADMIN_PASSWORD must be at least 8 characters\n'],
])(
  'an owner the first start cannot create (%j): one line naming the setting, exit 2',
  async (env, line) => {
    const ended = await failedStart(env);
    expect(ended.code).toBe(2);
    expect(ended.stderr).toBe(line);
  },
  180_000,
);
