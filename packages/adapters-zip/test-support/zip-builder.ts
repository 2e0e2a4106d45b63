/**
 * A zip writer for tests that is free to lie: every header field an archive declares can be
 * set by hand (sizes, checksums, attributes, the number of entries), so tests can build the
 * archives a careful reader must refuse. Nothing here checks anything.
 */
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  /** Written as given (UTF-8), backslashes, `..` and all. */
  name: string;
  /** The bytes as they lie in the archive: already deflated when `method` is 8. */
  data: Uint8Array;
  /** 0 stored, 8 deflated; anything else to test refusals. */
  method: number;
  /** What the headers declare as the entry's real size. */
  uncompressedSize: number;
  /** What the headers declare as the size of `data`; its real length unless set. */
  compressedSize?: number;
  crc32: number;
  /** Unix mode in the upper 16 bits; a regular file (0644) unless set. */
  externalAttributes?: number;
  /** General purpose flags; UTF-8 names (bit 11) unless set. */
  flags?: number;
}

const UNIX_MADE_BY = (3 << 8) | 30;
const UTF8_NAMES = 0x800;
export const REGULAR_FILE_ATTRIBUTES = 0o100644 << 16;
export const SYMLINK_ATTRIBUTES = (0o120777 << 16) >>> 0;
export const FIFO_ATTRIBUTES = 0o010644 << 16;
/** General purpose flag bit 0: traditional PKWARE encryption. */
export const ENCRYPTED_FLAG = 0x1;

export function storedEntry(
  name: string,
  content: Uint8Array | string,
  overrides: Partial<RawEntry> = {},
): RawEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    name,
    data: bytes,
    method: 0,
    uncompressedSize: bytes.byteLength,
    crc32: crc32(bytes),
    ...overrides,
  };
}

export function deflatedEntry(
  name: string,
  content: Uint8Array | string,
  overrides: Partial<RawEntry> = {},
): RawEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    name,
    data: deflateRawSync(bytes),
    method: 8,
    uncompressedSize: bytes.byteLength,
    crc32: crc32(bytes),
    ...overrides,
  };
}

/**
 * `size` zero bytes, deflated as a stream so the zeros are never all in memory: 200 MB of
 * them become about 200 KB. Declares its real size and checksum unless `overrides` lie.
 */
export async function deflatedZerosEntry(
  name: string,
  size: number,
  overrides: Partial<RawEntry> = {},
): Promise<RawEntry> {
  const block = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  let checksum = 0;
  for (let left = size; left > 0; left -= block.byteLength) {
    const piece = left >= block.byteLength ? block : block.subarray(0, left);
    checksum = crc32(piece, checksum);
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return {
    name,
    data: Buffer.concat(parts),
    method: 8,
    uncompressedSize: size,
    crc32: checksum,
    ...overrides,
  };
}

export interface ZipOptions {
  /** The number of entries the end records declare; the real number unless set. Above 65,534 a ZIP64 end record is written. */
  declaredEntryCount?: number;
  /** Where the end records say the directory starts; its real place unless set (a ZIP64 end record is written then). */
  declaredDirectoryOffset?: bigint;
}

/** The archive's bytes: local headers and data, then the central directory and end records. */
export function buildZip(entries: readonly RawEntry[], options: ZipOptions = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const flags = entry.flags ?? UTF8_NAMES;
    const compressedSize = entry.compressedSize ?? entry.data.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0, 10); // time 00:00
    local.writeUInt16LE((20 << 9) | (1 << 5) | 1, 12); // 2000-01-01
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(compressedSize, 18);
    local.writeUInt32LE(entry.uncompressedSize, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, Buffer.from(entry.data));

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(UNIX_MADE_BY, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt16LE(0, 12);
    record.writeUInt16LE((20 << 9) | (1 << 5) | 1, 14);
    record.writeUInt32LE(entry.crc32 >>> 0, 16);
    record.writeUInt32LE(compressedSize, 20);
    record.writeUInt32LE(entry.uncompressedSize, 24);
    record.writeUInt16LE(name.byteLength, 28);
    record.writeUInt16LE(0, 30); // extra
    record.writeUInt16LE(0, 32); // comment
    record.writeUInt16LE(0, 34); // disk
    record.writeUInt16LE(0, 36); // internal attributes
    record.writeUInt32LE((entry.externalAttributes ?? REGULAR_FILE_ATTRIBUTES) >>> 0, 38);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);

    offset += local.byteLength + name.byteLength + entry.data.byteLength;
  }
  const directory = Buffer.concat(central);
  const directoryOffset = offset;
  const count = options.declaredEntryCount ?? entries.length;
  const end: Buffer[] = [];
  const zip64 = count > 0xfffe || options.declaredDirectoryOffset !== undefined;
  if (zip64) {
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(44n, 4);
    zip64End.writeUInt16LE(UNIX_MADE_BY, 12);
    zip64End.writeUInt16LE(45, 14);
    zip64End.writeUInt32LE(0, 16);
    zip64End.writeUInt32LE(0, 20);
    zip64End.writeBigUInt64LE(BigInt(count), 24);
    zip64End.writeBigUInt64LE(BigInt(count), 32);
    zip64End.writeBigUInt64LE(BigInt(directory.byteLength), 40);
    zip64End.writeBigUInt64LE(options.declaredDirectoryOffset ?? BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directory.byteLength), 8);
    locator.writeUInt32LE(1, 16);
    end.push(zip64End, locator);
  }
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(0, 4);
  record.writeUInt16LE(0, 6);
  record.writeUInt16LE(Math.min(count, 0xffff), 8);
  record.writeUInt16LE(Math.min(count, 0xffff), 10);
  record.writeUInt32LE(directory.byteLength, 12);
  record.writeUInt32LE(options.declaredDirectoryOffset === undefined ? directoryOffset : 0xffffffff, 16);
  record.writeUInt16LE(0, 20);
  end.push(record);
  return Buffer.concat([...parts, directory, ...end]);
}
