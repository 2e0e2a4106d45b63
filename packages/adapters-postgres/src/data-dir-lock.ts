import { readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock's file in the data directory. */
export const LOCK_FILE = 'larder.lock';

/** How often the holder touches its lock file, so that a process elsewhere can tell it lives. */
const HEARTBEAT_MS = 10_000;

/**
 * How long a lock held elsewhere (another host, another container) may go untouched before it is
 * taken for one its holder left: six heartbeats, room for a busy machine and clocks a little apart,
 * and short, for a container restarted after a crash (a pid namespace of its own) waits that long.
 */
export const FOREIGN_LOCK_STALE_MS = 60_000;

/** Who holds the lock, when it is held where this process cannot see the holder's pid. */
export interface ForeignHolder {
  host: string;
  /** How long ago the holder last touched the lock. */
  quietMs: number;
}

/** The embedded database's data directory is in use by another process. */
export class DataDirectoryInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly elsewhere?: ForeignHolder,
  ) {
    super(
      elsewhere
        ? `the embedded database in ${dir} is in use by a Larder process on host ${elsewhere.host} ` +
            `(pid ${pid} there, alive ${Math.round(elsewhere.quietMs / 1000)} s ago): stop that one first ` +
            `(another container on the same volume?); if it is gone for good, delete ${join(dir, LOCK_FILE)} ` +
            `(a lock not kept alive for ${FOREIGN_LOCK_STALE_MS / 1000} s is taken over by itself)`
        : `the embedded database in ${dir} is in use by another Larder process (pid ${pid}); ` +
            'stop it first, or give this one another SERVICE_DATA_DIR',
    );
    this.name = 'DataDirectoryInUse';
  }
}

/** What a lock file holds. */
interface Holder {
  pid?: unknown;
  host?: unknown;
  /** The holder's pid namespace (Linux: `pid:[4026531836]`); containers have their own. */
  pids?: unknown;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as somebody else.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** This process's pid namespace, where the system names one. */
function pidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process alone: PGlite has no lock of its own, and two
 * processes writing one directory lose data. The lock file names the holder's pid, host and pid
 * namespace; it is removed when the database closes or the process exits. Whether a lock found
 * there is still held:
 *
 * - a holder this process can see (same host name, same pid namespace) holds it while its pid runs:
 *   one left by a process that is gone (a crash, `kill -9`) is taken over at once;
 * - a holder elsewhere (another host, or another container on the same volume, whose pids mean
 *   nothing here) holds it while it keeps it alive: the holder touches the file every 10 s, and
 *   only a lock left untouched for a minute is taken over.
 *
 * Answers the function that releases it.
 */
export function lockDataDirectory(dir: string, options: { heartbeatMs?: number } = {}): () => void {
  const path = join(dir, LOCK_FILE);
  const here = { host: hostname(), pids: pidNamespace() };
  const mine = JSON.stringify({ pid: process.pid, ...here, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx', mode: 0o600 });
      return holding(path, mine, options.heartbeatMs ?? HEARTBEAT_MS);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    let holder: Holder = {};
    let touchedAt = 0;
    try {
      touchedAt = statSync(path).mtimeMs;
      holder = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    } catch {
      // Unreadable: a half-written lock of a process that died while taking it.
    }
    const pid = typeof holder.pid === 'number' ? holder.pid : null;
    if (pid !== null && pid !== process.pid) {
      const visible =
        (holder.host === undefined || holder.host === here.host) && (holder.pids ?? here.pids) === here.pids;
      if (visible && isRunning(pid)) throw new DataDirectoryInUse(dir, pid);
      const quietMs = Date.now() - touchedAt;
      if (!visible && quietMs < FOREIGN_LOCK_STALE_MS) {
        throw new DataDirectoryInUse(dir, pid, { host: String(holder.host ?? here.host), quietMs });
      }
    }
    // Stale: its holder is gone. Remove it and try again.
    try {
      unlinkSync(path);
    } catch {
      // Another process removed it first; the next attempt decides.
    }
  }
  throw new Error(`could not take the lock of ${dir}`);
}

/** Keeps the lock alive until released (or the process exits); answers the release. */
function holding(path: string, mine: string, heartbeatMs: number): () => void {
  const heartbeat = setInterval(() => {
    try {
      if (readFileSync(path, 'utf8') === mine) {
        const now = new Date();
        utimesSync(path, now, now);
      }
    } catch {
      // Gone: nothing to keep alive.
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Gone already.
    }
  };
  process.on('exit', release);
  return release;
}
