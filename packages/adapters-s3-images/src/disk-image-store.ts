import { randomUUID } from 'node:crypto';
import type { Dirent, Stats } from 'node:fs';
import * as nodeFiles from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type ImageStore, type StoredImage, type StoredImageInfo, isSafeImageKey } from '@larder/domain';
import { type OutageReport, storageUnavailable } from './storage-outage.js';

/**
 * Errors of the disk itself, not of a request: the directory may not be written (a permission,
 * a read-only file system), is full, or has a file where a folder belongs (`images` made a file by
 * a restore gone wrong). Nothing a request can do; the operator must.
 */
const DISK_FAULTS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'EEXIST']);

/** Whether an error is a fault of the disk the service stores on (its permissions, its space). */
export function isDiskFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DISK_FAULTS.has(code);
}

/** The file-system calls the store makes: `node:fs/promises`, unless a test wraps it to inject a fault. */
export interface DiskFiles {
  mkdir(path: string, options: { recursive: true }): Promise<string | undefined>;
  open(path: string, flags: string, mode?: number): Promise<FileHandle>;
  readFile(path: string): Promise<Uint8Array>;
  readdir(path: string, options: { recursive: true; withFileTypes: true }): Promise<Dirent[]>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
  rmdir(path: string): Promise<void>;
  stat(path: string): Promise<Stats>;
}

/**
 * How many times `put` makes a key's folder and creates its temporary file there when a
 * concurrent delete keeps removing the folder in between (each time means another request
 * emptied that very folder meanwhile, so a handful is plenty).
 */
const FOLDER_ATTEMPTS = 5;

/**
 * Images as files under one directory (`$SERVICE_DATA_DIR/images`). A write goes to a
 * hidden temporary file that is flushed to disk and then renamed over the target, so a
 * reader sees the old file, the whole new one, or nothing. Temporary names start with a
 * dot, which no key may, so a half-written file can never be served. A delete removes the
 * folders it leaves empty; a write whose folder such a delete removed makes it again.
 */
export class DiskImageStore implements ImageStore {
  readonly kind = 'disk';
  private readonly root: string;

  constructor(
    root: string,
    private readonly onOutage: OutageReport = () => undefined,
    private readonly files: DiskFiles = nodeFiles,
  ) {
    this.root = resolve(root);
  }

  /**
   * A disk fault as the outage it is (503 with Retry-After, as a bucket that does not answer),
   * reported; any other error as it is.
   */
  private outage(error: unknown): unknown {
    if (!isDiskFault(error)) return error;
    this.onOutage(error);
    return storageUnavailable('Photo storage cannot be used right now; try again later.', 60, error);
  }

  private pathOf(key: string): string {
    if (!isSafeImageKey(key)) throw new Error(`refused image key ${JSON.stringify(key)}`);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep))
      throw new Error(`image key ${JSON.stringify(key)} leaves the image directory`);
    return path;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    const dir = dirname(path);
    const temporary = join(dir, `.${randomUUID()}.tmp`);
    try {
      const file = await this.createInFolder(dir, temporary);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await this.files.rename(temporary, path);
    } catch (error) {
      await this.files.rm(temporary, { force: true }).catch(() => undefined);
      throw this.outage(error);
    }
    await this.syncDirectory(dir);
  }

  /**
   * Makes the folder and creates the temporary file in it. A delete of the folder's last other
   * file removes the folder once it is empty, which may happen between the two steps: creating
   * the file then finds no folder (ENOENT), and both steps are taken again. Once the temporary
   * file is in it the folder is not empty, so no delete removes it before the rename.
   */
  private async createInFolder(dir: string, temporary: string): Promise<FileHandle> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.files.mkdir(dir, { recursive: true });
        return await this.files.open(temporary, 'wx', 0o640);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOENT' || attempt >= FOLDER_ATTEMPTS) throw error;
      }
    }
  }

  async get(key: string): Promise<StoredImage | null> {
    const path = this.pathOf(key);
    try {
      const [bytes, info] = await Promise.all([this.files.readFile(path), this.files.stat(path)]);
      return { key, size: bytes.byteLength, etag: etagOf(info.size, info.mtimeMs, info.ino), bytes };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.outage(error);
    }
  }

  async stream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const path = this.pathOf(key);
    try {
      const file = await this.files.open(path, 'r');
      return file.createReadStream();
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.outage(error);
    }
  }

  async head(key: string): Promise<StoredImageInfo | null> {
    try {
      const info = await this.files.stat(this.pathOf(key));
      if (!info.isFile()) return null;
      return { key, size: info.size, etag: etagOf(info.size, info.mtimeMs, info.ino) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.outage(error);
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await this.files.rm(path, { force: true });
    // Tidy folders left empty, up to (not including) the root (a write racing this makes its folder again).
    let dir = dirname(path);
    while (dir.startsWith(this.root + sep)) {
      try {
        await this.files.rmdir(dir);
      } catch {
        break; // not empty, or gone
      }
      dir = dirname(dir);
    }
  }

  async list(prefix: string): Promise<string[]> {
    // Walk the deepest folder the prefix names in full, then filter by the rest.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (folder !== '' && !isSafeImageKey(folder)) return [];
    const start = folder === '' ? this.root : resolve(this.root, ...folder.split('/'));
    let entries: string[];
    try {
      entries = (await this.files.readdir(start, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join('/'));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return entries.filter((key) => key.startsWith(prefix) && isSafeImageKey(key));
  }

  async removeLeftovers(olderThan: Date): Promise<number> {
    let entries;
    try {
      entries = await this.files.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      try {
        if ((await this.files.stat(path)).mtimeMs >= olderThan.getTime()) continue;
        await this.files.rm(path, { force: true });
        removed++;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  /** Makes the rename itself durable; not every file system allows it, which is fine. */
  private async syncDirectory(dir: string): Promise<void> {
    try {
      const handle = await this.files.open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // Some platforms cannot fsync a directory.
    }
  }
}

/** A temporary file of `put`: a dot, a UUID, `.tmp` (no key may start with a dot). */
const TEMPORARY = /^\.[0-9a-f-]{36}\.tmp$/;

function etagOf(size: number, mtimeMs: number, ino: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}-${ino.toString(16)}"`;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
