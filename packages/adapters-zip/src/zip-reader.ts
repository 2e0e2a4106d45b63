import { crc32 } from 'node:zlib';
import { type ArchiveEntry, type ArchiveLimits, ArchiveRefused, type OpenedArchive } from '@larder/domain';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { entryNameProblem, isFolderName } from './entry-names.js';
import type { SpooledUpload } from './spooled-upload.js';

/**
 * yauzl reads names as UTF-8 (or CP437) and refuses `..`, absolute and drive-letter names
 * itself; with strict names it keeps backslashes, so `a\..\b` is refused rather than turned into
 * `a/../b`. Sizes are checked here, not by yauzl, so that a refusal names its entry: the two
 * sizes of a stored entry in the directory, every entry's bytes as they are read. Nothing is
 * closed behind our back.
 */
const YAUZL_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  decodeStrings: true,
  validateEntrySizes: false,
  strictFileNames: true,
  autoClose: false,
};

/** The Unix file types an entry's external attributes may carry (`S_IFMT` and friends). */
const FILE_TYPE_MASK = 0o170000;
const SYMBOLIC_LINK = 0o120000;
const REGULAR_FILE = 0o100000;
const FOLDER = 0o040000;

const STORED = 0;
const DEFLATED = 8;

/**
 * Reads the central directory of a spooled upload and refuses it, closing and removing
 * everything, unless every entry is a plain file or folder within the limits. Only declared
 * sizes are known at this point; `read` holds each entry to them.
 */
export async function openSpooledZip(spooled: SpooledUpload, limits: ArchiveLimits): Promise<OpenedArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(spooled.path, YAUZL_OPTIONS);
  } catch (error) {
    await spooled.remove();
    throw refusalOfDirectory(error);
  }
  // Errors reach us through the entry iterator and the read streams; this listener only keeps a
  // late one (closing the file, say) from being an unhandled 'error' event.
  zip.on('error', () => undefined);
  try {
    const entries = await checkedEntries(zip, limits);
    return new SpooledZip(zip, entries, spooled);
  } catch (error) {
    zip.close();
    await spooled.remove();
    throw error;
  }
}

/** The most an empty deflate stream takes (2 bytes as zlib writes it, 5 as one empty stored block). */
const EMPTY_STREAM_BYTES = 16;

async function checkedEntries(zip: ZipFile, limits: ArchiveLimits): Promise<Map<string, Entry>> {
  // The count the directory declares bounds how many records yauzl reads: refusing on it
  // refuses an archive of 100,000 entries before reading one of them.
  if (zip.entryCount > limits.maxEntries) {
    throw new ArchiveRefused(`holds ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`);
  }
  const files = new Map<string, Entry>();
  const seen = new Set<string>();
  const sizes = new DeclaredSizes(limits);
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      const problem = entryNameProblem(name) ?? typeProblem(entry);
      if (problem) throw new ArchiveRefused(problem, name);
      if (seen.has(name)) throw new ArchiveRefused('appears twice in the archive', name);
      seen.add(name);
      if (isFolderName(name)) {
        // Never read, so its sizes would escape every limit: a folder holds nothing (some tools
        // deflate even that: a few bytes of an empty stream).
        if (entry.uncompressedSize > 0 || entry.compressedSize > EMPTY_STREAM_BYTES) {
          throw new ArchiveRefused('is a folder holding data', name);
        }
        continue;
      }
      sizes.check(entry);
      files.set(name, entry);
    }
  } catch (error) {
    throw error instanceof ArchiveRefused ? error : refusalOfDirectory(error);
  }
  return files;
}

function typeProblem(entry: Entry): string | null {
  const type = (entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK;
  if (type === SYMBOLIC_LINK) return 'is a symbolic link';
  if (type !== 0 && type !== REGULAR_FILE && type !== FOLDER) return 'is not a regular file';
  if (entry.isEncrypted()) return 'is encrypted';
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    return `uses compression method ${entry.compressionMethod}; only stored and deflated entries are read`;
  }
  if (entry.compressionMethod === STORED && entry.compressedSize !== entry.uncompressedSize) {
    return `is stored uncompressed, yet declares ${entry.compressedSize} bytes stored for ${entry.uncompressedSize}`;
  }
  return null;
}

/**
 * Declared sizes, checked entry by entry before a byte is inflated: each entry's, its compression
 * ratio (small entries are exempt until together they pass `ratioExemptTotalBytes`), and the total.
 */
class DeclaredSizes {
  private total = 0;
  private exempted = 0;

  constructor(private readonly limits: ArchiveLimits) {}

  check(entry: Entry): void {
    const { limits } = this;
    const { uncompressedSize: size, compressedSize: packed, fileName: name } = entry;
    if (size > limits.maxEntryBytes) {
      throw new ArchiveRefused(
        `is ${size} bytes uncompressed; an entry may be at most ${limits.maxEntryBytes}`,
        name,
      );
    }
    if (size > packed * limits.maxRatio) {
      const exempt = size <= (limits.ratioExemptBytes ?? 0);
      if (exempt) this.exempted += size;
      if (!exempt || this.exempted > (limits.ratioExemptTotalBytes ?? Infinity)) {
        const ratio = packed === 0 ? 'infinitely' : `${Math.round(size / packed)} times`;
        const accepted = exempt
          ? `small entries may inflate more than ${limits.maxRatio} times only until they come to ${limits.ratioExemptTotalBytes} bytes together`
          : `at most ${limits.maxRatio} times is accepted`;
        throw new ArchiveRefused(`inflates ${ratio} its compressed size; ${accepted} (a zip bomb?)`, name);
      }
    }
    this.total += size;
    if (this.total > limits.maxTotalBytes) {
      throw new ArchiveRefused(
        `brings the archive's uncompressed size past ${limits.maxTotalBytes} bytes, the most accepted`,
        name,
      );
    }
  }
}

/** Reading that ran past the end of the file: a directory or an entry that points beyond it. */
function pointsPastTheEnd(error: unknown, message: string): boolean {
  return (
    (error as { code?: string }).code === 'ERR_OUT_OF_RANGE' ||
    message.startsWith('unexpected EOF') ||
    message.startsWith('file data overflows file bounds')
  );
}

/** A failure of the machine (a disk, too many open files), not of the archive: no refusal but itself. */
function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown }).syscall === 'string';
}

/** yauzl's name checks, and a file that is not a zip at all, in words that name the entry. */
function refusalOfDirectory(error: unknown): unknown {
  if (isSystemError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const refusedName = /^(?:invalid characters in fileName|absolute path|invalid relative path): (.*)$/su.exec(
    message,
  );
  if (refusedName?.[1] !== undefined) {
    const name = refusedName[1];
    return new ArchiveRefused(entryNameProblem(name) ?? message, name);
  }
  if (message.startsWith('End of central directory record signature not found')) {
    return new ArchiveRefused('is not a zip archive (or it was cut short)');
  }
  if (pointsPastTheEnd(error, message)) {
    return new ArchiveRefused(
      'is not a readable zip archive: its directory points past its end (cut short?)',
    );
  }
  if (message.startsWith('multi-disk')) {
    return new ArchiveRefused('is not a readable zip archive: it is split over several files');
  }
  if (message.startsWith('strong encryption')) {
    return new ArchiveRefused('is not a readable zip archive: it is encrypted');
  }
  return new ArchiveRefused('is not a readable zip archive: its directory is damaged');
}

/** A failure while reading an entry's bytes, in words that name the entry. */
function refusalOfRead(error: unknown, name: string): unknown {
  if (error instanceof ArchiveRefused || isSystemError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (pointsPastTheEnd(error, message)) {
    return new ArchiveRefused('is cut short: its data runs past the end of the archive', name);
  }
  if (message.startsWith('invalid local file header signature')) {
    return new ArchiveRefused('is damaged: it is not where the archive’s directory says', name);
  }
  if ((error as { code?: string }).code?.startsWith('Z_')) {
    return new ArchiveRefused('is damaged: its compressed data cannot be inflated', name);
  }
  return new ArchiveRefused('is damaged and cannot be read', name);
}

/** An opened upload: its checked entries, read one at a time from the spooled file. */
class SpooledZip implements OpenedArchive {
  readonly entries: readonly ArchiveEntry[];
  private closed = false;

  constructor(
    private readonly zip: ZipFile,
    private readonly files: ReadonlyMap<string, Entry>,
    private readonly spooled: SpooledUpload,
  ) {
    this.entries = [...files.values()].map((entry) => ({
      name: entry.fileName,
      size: entry.uncompressedSize,
    }));
  }

  async read(name: string): Promise<Uint8Array> {
    if (this.closed) throw new Error('The archive is closed.');
    const entry = this.files.get(name);
    if (!entry) throw new ArchiveRefused('is not in the archive', name);
    // Never more room than the entry declares, and its declared size was checked against the limits.
    const bytes = Buffer.alloc(entry.uncompressedSize);
    let filled = 0;
    let checksum = 0;
    try {
      const stream = await this.zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        // Never more than declared: a bomb is refused at the first chunk beyond it.
        if (filled + chunk.byteLength > bytes.byteLength) {
          throw new ArchiveRefused('holds more bytes than it declares', name);
        }
        chunk.copy(bytes, filled);
        filled += chunk.byteLength;
        checksum = crc32(chunk, checksum);
      }
    } catch (error) {
      throw refusalOfRead(error, name);
    }
    if (filled !== bytes.byteLength) throw new ArchiveRefused('holds fewer bytes than it declares', name);
    if (checksum >>> 0 !== entry.crc32 >>> 0)
      throw new ArchiveRefused('is damaged: its checksum does not match', name);
    return bytes;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.zip.close();
    await this.spooled.remove();
  }
}
