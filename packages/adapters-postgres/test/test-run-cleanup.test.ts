import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A test run on PGlite leaves nothing in the temporary folder: the migrated snapshot every test
 * file loads (41 MB) goes with the run's global teardown, and the snapshots of runs that were
 * interrupted (their jest process gone) go with the next run's setup.
 */
test('a PGlite test run removes its snapshot, and those of interrupted runs', async () => {
  const saved = { ...process.env };
  // A process id above Linux's largest (pid_max is at most 2^22): a run that is surely gone.
  const interrupted = join(tmpdir(), 'larder-test-2147483646-abcdef');
  const running = join(tmpdir(), `larder-test-${process.pid}-kept`);
  await mkdir(interrupted, { recursive: true });
  await writeFile(join(interrupted, 'migrated.tar'), 'x');
  await mkdir(running, { recursive: true });
  try {
    // A run of its own on PGlite: nothing of this run's database (on a server, its template, which
    // the teardown would drop) is known to it.
    for (const name of Object.keys(process.env)) {
      if (name === 'TEST_DATABASE_URL' || name.startsWith('LARDER_TEST_')) delete process.env[name];
    }
    process.env['LARDER_TEST_CONTAINERS'] = '0';
    const { default: setup } = await import('../test-support/global-setup.mjs');
    const { default: teardown } = await import('../test-support/global-teardown.mjs');
    await setup();
    const snapshot = process.env['LARDER_TEST_PGLITE_SNAPSHOT'];
    expect(snapshot).toBeDefined();
    expect(existsSync(snapshot!)).toBe(true);
    expect(existsSync(interrupted)).toBe(false);
    expect(existsSync(running)).toBe(true);
    await teardown();
    expect(existsSync(dirname(snapshot!))).toBe(false);
  } finally {
    process.env = saved;
    await rm(running, { recursive: true, force: true });
    await rm(interrupted, { recursive: true, force: true });
  }
}, 120_000);
