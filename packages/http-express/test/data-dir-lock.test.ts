/**
 * One process per embedded database: a second Larder on the same SERVICE_DATA_DIR refuses to
 * start (two writers lose data), and a lock left by a process that was killed is taken over. A
 * lock of a Larder in another container on the same volume is not: its pid means nothing here.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ServiceProcess,
  failedStart,
  newDataDir,
  startServiceProcess,
} from '../test-support/service-process.js';

let first: ServiceProcess | undefined;
let dataDir: string;
afterAll(async () => {
  await first?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('refuses a second process on the same data directory, and takes over after a kill -9', async () => {
  dataDir = await newDataDir();
  first = await startServiceProcess({}, dataDir);

  const second = startServiceProcess({}, dataDir);
  await expect(second).rejects.toThrow(/in use by another Larder process \(pid \d+\)/);

  // The first still serves, untouched.
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

  first.child.kill('SIGKILL');
  await first.exited;
  first = await startServiceProcess({}, dataDir);
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
}, 180_000);

it('refuses a lock a Larder in another container keeps alive, and says what to do', async () => {
  const dir = await newDataDir();
  try {
    const lock = JSON.stringify({ pid: 1, host: 'c0ffee123456', since: new Date().toISOString() });
    await writeFile(join(dir, 'larder.lock'), lock);
    const ended = await failedStart({}, dir);
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(
      /^larder: the embedded database in .* is in use by a Larder process on host c0ffee123456 \(pid 1 there, alive \d+ s ago\): stop that one first .*; if it is gone for good, delete .*larder\.lock .*\n$/,
    );
    expect(await readFile(join(dir, 'larder.lock'), 'utf8')).toBe(lock);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 180_000);
