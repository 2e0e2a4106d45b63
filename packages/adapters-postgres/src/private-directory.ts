import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Makes `dir` and the folders above it that are missing, each for the service's user alone (0700),
 * and closes `dir` itself to everybody else if it was open: the embedded database writes its files
 * readable and writable by all (password hashes among them), so its folder is what keeps other
 * users of the machine out, as PostgreSQL insists for its own data directory.
 *
 * The folders are made one by one from the nearest one that exists: Node's recursive `mkdir`
 * never returns on some paths (under `/proc`, where making a folder fails with "no such file" on
 * every try), while this fails with that error at once.
 */
export async function makePrivateDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); !(await exists(at)); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      await mkdir(folder, { mode: 0o700 });
    } catch (error) {
      // Where no folder can be made (under /proc), making one says there is no such file.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new Error(`no folder can be made at ${folder}`, { cause: error });
    }
  }
  // (A file at `dir` is refused before this is called: connect.ts says so in words.)
  const { mode } = await stat(dir);
  if ((mode & 0o077) === 0) return;
  try {
    await chmod(dir, mode & 0o700);
  } catch (error) {
    // Another user's folder, lent to the service: theirs to close.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
