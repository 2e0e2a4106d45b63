import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The embedded database's data directory is in use by another process. */
export class DataDirectoryInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dir} is in use by another Larder process (pid ${pid}); ` +
        'stop it first, or give this one another SERVICE_DATA_DIR',
    );
    this.name = 'DataDirectoryInUse';
  }
}

const LOCK_FILE = 'larder.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as somebody else.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process alone: PGlite has no lock of its own, and two
 * processes writing one directory lose data. The lock file names the holder's pid; it is removed
 * when the database closes or the process exits, and one left by a process that is gone (a crash,
 * `kill -9`) is stale and taken over. Answers the function that releases it.
 */
export function lockDataDirectory(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          // Gone already.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    let holder: { pid?: unknown; host?: unknown } = {};
    try {
      holder = JSON.parse(readFileSync(path, 'utf8')) as typeof holder;
    } catch {
      // Unreadable: a half-written lock of a process that died while taking it.
    }
    const pid = typeof holder.pid === 'number' ? holder.pid : null;
    const sameHost = holder.host === undefined || holder.host === hostname();
    if (pid !== null && pid !== process.pid && sameHost && isRunning(pid)) {
      throw new DataDirectoryInUse(dir, pid);
    }
    // Stale: its process is gone. Remove it and try again.
    try {
      unlinkSync(path);
    } catch {
      // Another process removed it first; the next attempt decides.
    }
  }
  throw new Error(`could not take the lock of ${dir}`);
}
