/**
 * The embedded database's lock: a holder this process can see is judged by its pid; a holder on
 * another host or in another container (a second container on the same volume) cannot be seen,
 * so its lock is held while it keeps it alive, and only one left untouched for a minute is
 * taken over.
 */
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirectoryInUse, FOREIGN_LOCK_STALE_MS, lockDataDirectory } from '../src/data-dir-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'larder-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const lockPath = () => join(dir, 'larder.lock');

/** A lock as a Larder elsewhere writes it, last touched `quietMs` ago. */
function foreignLock(quietMs: number, holder: Record<string, unknown> = { host: 'other-container' }): void {
  writeFileSync(lockPath(), JSON.stringify({ pid: 7, since: new Date().toISOString(), ...holder }));
  const touched = new Date(Date.now() - quietMs);
  utimesSync(lockPath(), touched, touched);
}

it('refuses a lock another host holds and keeps alive, saying how to go on; the lock stays', () => {
  foreignLock(30_000);
  let refusal: unknown;
  try {
    lockDataDirectory(dir);
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(DataDirectoryInUse);
  expect((refusal as Error).message).toBe(
    `the embedded database in ${dir} is in use by a Larder process on host other-container (pid 7 there, ` +
      `alive 30 s ago): stop that one first (another container on the same volume?); if it is gone for good, ` +
      `delete ${lockPath()} (a lock not kept alive for 60 s is taken over by itself)`,
  );
  expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ host: 'other-container', pid: 7 });
});

it('refuses a lock of another container with the same host name: its pids are not ours', () => {
  // pid 1 runs here too, but in another pid namespace it is another process.
  foreignLock(1000, { host: hostname(), pid: 1, pids: 'pid:[1]' });
  expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUse);
});

it('takes over a lock elsewhere left untouched for a minute', () => {
  foreignLock(FOREIGN_LOCK_STALE_MS + 60_000);
  const release = lockDataDirectory(dir);
  expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ host: hostname(), pid: process.pid });
  release();
  expect(existsSync(lockPath())).toBe(false);
});

it('takes over at once a lock of a process on this host that is gone', () => {
  foreignLock(1000, { host: hostname(), pid: 2 ** 22 + 1 });
  lockDataDirectory(dir)();
});

it('keeps its own lock alive while it holds it, and lets it go on release', async () => {
  const release = lockDataDirectory(dir, { heartbeatMs: 20 });
  const long = new Date(Date.now() - 3_600_000);
  utimesSync(lockPath(), long, long);
  while (statSync(lockPath()).mtimeMs < Date.now() - FOREIGN_LOCK_STALE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  release();
  expect(existsSync(lockPath())).toBe(false);
});
