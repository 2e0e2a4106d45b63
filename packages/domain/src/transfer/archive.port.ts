import { DomainError } from '../shared/errors.js';

export const ZIP_ARCHIVES = Symbol('ZipArchives');

/** One file going into an archive: its bytes, or a function that opens them as a stream when the writer gets to it. */
export interface ArchiveFile {
  /** A relative path of `/`-separated segments, e.g. `recipes/bread/recipe.json`. */
  name: string;
  content: Uint8Array | (() => Promise<AsyncIterable<Uint8Array>>);
}

/** What an archive may hold before it is refused as unsafe or absurd. */
export interface ArchiveLimits {
  /** Size of the archive itself; more is `ArchiveTooLarge` (checked while it arrives). */
  maxArchiveBytes: number;
  maxEntries: number;
  /** Uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Uncompressed size of all entries together. */
  maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of one entry (a zip bomb goes far beyond). */
  maxRatio: number;
  /**
   * Entries of at most this many uncompressed bytes are not held to `maxRatio`: a small JSON
   * document may compress very well and cannot hurt. 0 (the default) holds every entry to it.
   */
  ratioExemptBytes?: number;
  /**
   * How many uncompressed bytes the exempt entries that do break `maxRatio` may add up to: past it,
   * they are refused like any other. Unbounded when absent.
   */
  ratioExemptTotalBytes?: number;
}

export interface ArchiveEntry {
  name: string;
  /** Uncompressed size as the archive declares it (checked against the real size on reading). */
  size: number;
}

/** An uploaded archive, spooled to a temporary file and its directory checked. */
export interface OpenedArchive {
  /** Every file entry (directories left out), in the archive's order. */
  readonly entries: readonly ArchiveEntry[];
  /** The whole content of one entry; throws `ArchiveRefused` when its real size is not the declared one. */
  read(name: string): Promise<Uint8Array>;
  /** Removes the temporary file. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Zip archives: written as a stream while the files are produced, read from a temporary copy
 * of the upload. A written archive is never held whole in memory or on disk.
 */
export interface ZipArchives {
  /**
   * The archive's bytes, produced as the consumer reads them: `files` is pulled one at a time, and
   * a file's stream is opened only when the writer reaches it.
   */
  write(files: AsyncIterable<ArchiveFile>): AsyncIterable<Uint8Array>;
  /**
   * Spools `upload` to a temporary file (refusing more than `limits.maxArchiveBytes` with
   * `ArchiveTooLarge` as soon as it passes), then reads the directory and refuses the archive
   * with `ArchiveRefused` naming the entry when an entry escapes the archive (`..`, absolute,
   * drive letters, backslashes), is a symlink, or breaks a limit; a file that is not a zip is
   * `ArchiveRefused` too. Nothing is left on disk when it throws.
   */
  open(upload: AsyncIterable<Uint8Array>, limits: ArchiveLimits): Promise<OpenedArchive>;
  /**
   * Removes the temporary files of imports that no longer run (their process stopped or was killed
   * mid-import): of a process known to have ended, or untouched since `olderThan` (an open
   * archive's are touched every minute). Never those of an import still under way; answers how many.
   */
  removeLeftovers(olderThan: Date): Promise<number>;
}

/** An archive (or one of its entries) that is not accepted; `entry` names the culprit when there is one. */
export class ArchiveRefused extends DomainError {
  constructor(
    readonly reason: string,
    readonly entry?: string,
  ) {
    super('invalid', 'transfer.archive_refused', entry ? `${entry}: ${reason}` : reason, {
      issues: [{ location: entry ? `file[${JSON.stringify(entry)}]` : 'file', message: reason }],
    });
  }
}

export class ArchiveTooLarge extends DomainError {
  constructor(readonly maxBytes: number) {
    super('too_large', 'transfer.archive_too_large', `An archive may be at most ${maxBytes} bytes.`);
  }
}
