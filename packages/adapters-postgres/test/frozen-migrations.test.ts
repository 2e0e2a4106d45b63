import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = new URL('../../../scripts/check-frozen-migrations.mjs', import.meta.url).pathname;
const migrations = new URL('../src/migrations/', import.meta.url).pathname;

describe('migrations are frozen in time (npm run lint)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'larder-frozen-'));
    await cp(migrations, dir, { recursive: true });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const check = () =>
    run(process.execPath, [script], { env: { ...process.env, LARDER_MIGRATIONS_DIR: dir } });

  it('passes on the repository as it is', async () => {
    expect((await check()).stdout).toMatch(/none changed/);
  });

  it('fails when a frozen migration is edited', async () => {
    await appendFile(join(dir, '20261122T1000_recipes.ts'), '\n// a later thought\n');
    await expect(check()).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/20261122T1000_recipes\.ts changed/),
    });
  });

  it('fails on a migration nobody froze', async () => {
    await writeFile(join(dir, '29991231T0000_future.ts'), 'export async function up() {}\n');
    await expect(check()).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/not frozen yet/) });
  });
});
