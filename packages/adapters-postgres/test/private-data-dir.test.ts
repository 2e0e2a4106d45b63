/**
 * The embedded database writes its files readable and writable by everybody (password hashes
 * among them): its folder keeps the other users of the machine out.
 */
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/connect.js';
import { CannotOpenDatabase } from '../src/outage.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'larder-private-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

it('makes the data directory and its database folder for the service alone, and closes a database folder left open', async () => {
  const dataDir = join(root, 'new', 'data');
  const first = await openDatabase({ dataDir });
  await first.close();
  expect(await modeOf(dataDir)).toBe(0o700);
  expect(await modeOf(join(dataDir, 'db'))).toBe(0o700);

  // A household made before: its database folder open to all.
  await chmod(join(dataDir, 'db'), 0o755);
  const again = await openDatabase({ dataDir });
  try {
    expect(await modeOf(join(dataDir, 'db'))).toBe(0o700);
    // Its data is still there to use.
    await expect(again.ping()).resolves.toBeUndefined();
  } finally {
    await again.close();
  }
  // Two openings of a new embedded database (its first makes the cluster): seconds each, more
  // on a busy machine.
}, 180_000);

it('refuses at once a data directory that cannot be made, even where making folders never succeeds (under /proc)', async () => {
  const refusal = openDatabase({ dataDir: '/proc/no-such-process/larder' });
  await expect(refusal).rejects.toBeInstanceOf(CannotOpenDatabase);
  await expect(refusal).rejects.toThrow(
    'the data directory /proc/no-such-process/larder cannot be used: no folder can be made at /proc/no-such-process',
  );
});

it("refuses a file where the database's folder belongs, saying so, and leaves the file as it was", async () => {
  const dataDir = join(root, 'db-is-a-file');
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'db'), 'not a database');
  await chmod(join(dataDir, 'db'), 0o644);
  for (const create of [true, false]) {
    const refusal = openDatabase({ dataDir, create });
    await expect(refusal).rejects.toBeInstanceOf(CannotOpenDatabase);
    await expect(refusal).rejects.toThrow(
      `the data directory ${dataDir} cannot be used: ${join(dataDir, 'db')} is a file, where the database's folder belongs`,
    );
  }
  expect(await modeOf(join(dataDir, 'db'))).toBe(0o644);
});
