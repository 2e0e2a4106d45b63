/**
 * One process per embedded database: a second Larder on the same SERVICE_DATA_DIR refuses to
 * start (two writers lose data), and a lock left by a process that was killed is taken over.
 */
import { rm } from 'node:fs/promises';
import { type ServiceProcess, newDataDir, startServiceProcess } from '../test-support/service-process.js';

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
