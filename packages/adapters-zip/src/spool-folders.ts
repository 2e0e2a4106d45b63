import { rmSync } from 'node:fs';
import { lstat, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The folders uploads are spooled in, and what is left of imports that no longer run. A folder is
 * named after the process that made it, `larder-archive-<host>-<pid>-<start>-XXXXXX` (`<start>`:
 * the millisecond that process started), so another process can tell whether its maker still
 * runs. While open it is touched every minute; a process that exits removes its open folders on
 * the way out; one that is killed leaves them to the next sweep.
 */

/** How often an open folder is touched, so that a sweep anywhere sees it in use. */
export const SPOOL_TOUCH_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

interface Maker {
  host: string;
  pid: number;
  start: number;
}

const THIS_PROCESS: Maker = {
  host: hostname()
    .replace(/[^A-Za-z0-9.-]/gu, '_')
    .slice(0, 64),
  pid: process.pid,
  start: Math.round(performance.timeOrigin),
};

const NAMED = /^larder-archive-(.+)-(\d+)-(\d+)-[A-Za-z0-9]{6}$/u;
/** Earlier Larders named the folder `larder-archive-XXXXXX` and did not touch it while in use. */
const EARLIER = /^larder-archive-[A-Za-z0-9]{6}$/u;

/** This process's open folders, each with the timer that touches it. */
const open = new Map<string, NodeJS.Timeout>();
let removedOnExit = false;

export interface SpoolFolder {
  readonly path: string;
  /** Removes the folder with everything in it. Safe to call twice. */
  remove(): Promise<void>;
}

/** A new folder of this process's own in `parent`, touched until it is removed. */
export async function newSpoolFolder(parent: string): Promise<SpoolFolder> {
  if (!removedOnExit) {
    removedOnExit = true;
    process.once('exit', () => {
      for (const path of open.keys()) rmSync(path, { recursive: true, force: true });
    });
  }
  const { host, pid, start } = THIS_PROCESS;
  const path = await mkdtemp(join(parent, `larder-archive-${host}-${pid}-${start}-`));
  const touch = setInterval(() => {
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
  }, SPOOL_TOUCH_MS);
  touch.unref();
  open.set(path, touch);
  return {
    path,
    remove: async () => {
      clearInterval(touch);
      await rm(path, { recursive: true, force: true });
      open.delete(path);
    },
  };
}

/**
 * Removes the spool folders in `parent` whose imports no longer run: those made on this host by a
 * process that has ended (or by an earlier process under this one's pid), and any untouched since
 * `olderThan`, wherever they were made (an earlier Larder's when a day older still). Folders this
 * process has open, and anything that is not a spool folder of this user, stay. Answers how many went.
 */
export async function removeLeftoverSpools(parent: string, olderThan: Date): Promise<number> {
  let entries;
  try {
    entries = await readdir(parent, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  const uid = process.getuid?.();
  let removed = 0;
  for (const entry of entries) {
    const path = join(parent, entry.name);
    const maker = makerOf(entry.name);
    if (maker === null || !entry.isDirectory() || open.has(path)) continue;
    try {
      const folder = await lstat(path);
      if (!folder.isDirectory() || (uid !== undefined && folder.uid !== uid)) continue;
      const untouchedSince = maker === 'earlier' ? olderThan.getTime() - DAY_MS : olderThan.getTime();
      if (!(maker !== 'earlier' && hasEnded(maker)) && folder.mtimeMs >= untouchedSince) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

function makerOf(name: string): Maker | 'earlier' | null {
  if (EARLIER.test(name)) return 'earlier';
  const named = NAMED.exec(name);
  if (!named) return null;
  return { host: named[1] ?? '', pid: Number(named[2]), start: Number(named[3]) };
}

/** Whether the folder's maker has certainly ended; another host's processes cannot be asked. */
function hasEnded(maker: Maker): boolean {
  if (maker.host !== THIS_PROCESS.host) return false;
  if (maker.pid === THIS_PROCESS.pid) return maker.start !== THIS_PROCESS.start;
  try {
    process.kill(maker.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process runs, under another user.
    return (error as { code?: string }).code === 'ESRCH';
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
