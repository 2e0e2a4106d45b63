import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { YazlZipArchives } from '@larder/adapters-zip';
import { type ArchiveLimits, ArchiveRefused, ArchiveTooLarge, type OpenedArchive } from '@larder/domain';
import {
  ENCRYPTED_FLAG,
  FIFO_ATTRIBUTES,
  SYMLINK_ATTRIBUTES,
  buildZip,
  deflatedEntry,
  deflatedZerosEntry,
  storedEntry,
} from '@larder/adapters-zip/test-support/zip-builder.js';

const MiB = 1024 * 1024;

const LIMITS: ArchiveLimits = {
  maxArchiveBytes: 64 * MiB,
  maxEntries: 50,
  maxEntryBytes: 12 * MiB,
  maxTotalBytes: 20 * MiB,
  maxRatio: 100,
  ratioExemptBytes: MiB,
};

let temporary: string;
let archives: YazlZipArchives;

beforeEach(async () => {
  temporary = await mkdtemp(join(tmpdir(), 'larder-zip-reading-'));
  archives = new YazlZipArchives({ temporaryDirectory: temporary });
});

afterEach(async () => {
  await rm(temporary, { recursive: true, force: true });
});

/** The upload as an HTTP body would bring it: in pieces. */
async function* uploadOf(bytes: Uint8Array, pieceSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += pieceSize) yield bytes.subarray(at, at + pieceSize);
}

function open(bytes: Uint8Array, limits: ArchiveLimits = LIMITS): Promise<OpenedArchive> {
  return archives.open(uploadOf(bytes), limits);
}

/** Opens the archive expecting a refusal, and checks nothing of the upload stayed on disk. */
async function refusalOf(bytes: Uint8Array, limits: ArchiveLimits = LIMITS): Promise<ArchiveRefused> {
  const error = await open(bytes, limits).then(
    () => new Error('the archive was accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ArchiveRefused);
  expect(await readdir(temporary)).toEqual([]);
  return error as ArchiveRefused;
}

/** Reads one entry expecting a refusal; the archive still closes cleanly afterwards. */
async function readRefusalOf(archive: OpenedArchive, name: string): Promise<ArchiveRefused> {
  const error = await archive.read(name).then(
    () => new Error('the entry was read'),
    (e: unknown) => e,
  );
  await archive.close();
  expect(await readdir(temporary)).toEqual([]);
  expect(error).toBeInstanceOf(ArchiveRefused);
  return error as ArchiveRefused;
}

describe('opening an upload', () => {
  test('lists the files (not the folders) with their sizes and reads each back', async () => {
    const archive = await open(
      buildZip([
        storedEntry('recipes/', ''),
        deflatedEntry('recipes/bread/recipe.json', '{"title":"Bread"}'),
        storedEntry('recipes/bread/photos/1.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])),
      ]),
    );
    expect(archive.entries).toEqual([
      { name: 'recipes/bread/recipe.json', size: 17 },
      { name: 'recipes/bread/photos/1.jpg', size: 4 },
    ]);
    expect(Buffer.from(await archive.read('recipes/bread/recipe.json')).toString()).toBe('{"title":"Bread"}');
    expect([...(await archive.read('recipes/bread/photos/1.jpg'))]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    await archive.close();
  });

  test('keeps the upload in a folder and file of this process alone, removed on close (twice is fine)', async () => {
    const archive = await open(buildZip([storedEntry('a.txt', 'a')]));
    const [folder] = await readdir(temporary);
    expect(folder).toBeDefined();
    const folderPath = join(temporary, folder ?? '');
    expect((await stat(folderPath)).mode & 0o777).toBe(0o700);
    const files = await readdir(folderPath);
    expect(files).toHaveLength(1);
    expect((await stat(join(folderPath, files[0] ?? ''))).mode & 0o777).toBe(0o600);
    await archive.close();
    await archive.close();
    expect(await readdir(temporary)).toEqual([]);
    await expect(archive.read('a.txt')).rejects.toThrow('closed');
  });

  test('an entry that is not there is refused by name', async () => {
    const archive = await open(buildZip([storedEntry('a.txt', 'a')]));
    const error = await readRefusalOf(archive, 'b.txt');
    expect(error.entry).toBe('b.txt');
  });
});

describe('names that escape the archive are refused, naming the entry', () => {
  test.each([
    ['../evil.txt', 'climbs out of the archive'],
    ['recipes/../../evil.txt', 'climbs out of the archive'],
    ['/abs', 'absolute path'],
    ['C:\\x', 'backslash'],
    ['C:/x', 'names a drive'],
    ['c:x', 'names a drive'],
    ['a\\..\\b', 'backslash'],
    ['a/./b', '"." segment'],
    ['a//b', 'empty'],
    ['nul\u0000byte.txt', 'control character'],
    ['bell\u0007.txt', 'control character'],
    ['x'.repeat(1025), 'longer than 1024'],
  ])('%j', async (name, reason) => {
    const error = await refusalOf(buildZip([storedEntry('fine.txt', 'ok'), storedEntry(name, 'evil')]));
    expect(error.entry).toBe(name);
    expect(error.reason).toContain(reason);
    expect(error.extra['issues']).toEqual([
      { location: `file[${JSON.stringify(name)}]`, message: error.reason },
    ]);
  });
});

describe('entries that are not plain files are refused', () => {
  test('a symbolic link', async () => {
    const error = await refusalOf(
      buildZip([storedEntry('link', '/etc/passwd', { externalAttributes: SYMLINK_ATTRIBUTES })]),
    );
    expect(error.entry).toBe('link');
    expect(error.reason).toBe('is a symbolic link');
  });

  test('a named pipe', async () => {
    const error = await refusalOf(
      buildZip([storedEntry('pipe', '', { externalAttributes: FIFO_ATTRIBUTES })]),
    );
    expect(error.reason).toBe('is not a regular file');
  });

  test('an encrypted entry', async () => {
    // Traditional encryption puts a 12-byte header before the data.
    const entry = storedEntry('secret.txt', 'x'.repeat(15), { flags: ENCRYPTED_FLAG, uncompressedSize: 3 });
    const error = await refusalOf(buildZip([entry]));
    expect(error.entry).toBe('secret.txt');
    expect(error.reason).toBe('is encrypted');
    // Its sizes, which do not allow for that header, do not hide what it is.
    const plain = await refusalOf(
      buildZip([storedEntry('secret.txt', 'x'.repeat(12), { flags: ENCRYPTED_FLAG })]),
    );
    expect([plain.entry, plain.reason]).toEqual(['secret.txt', 'is encrypted']);
  });

  test('an entry compressed with a method other than store or deflate', async () => {
    const error = await refusalOf(buildZip([storedEntry('data.bz2', 'BZh', { method: 12 })]));
    expect(error.reason).toContain('compression method 12');
  });

  test('a folder that holds data (folders are never read, so its size would escape every limit)', async () => {
    const error = await refusalOf(buildZip([storedEntry('recipes/', 'x'.repeat(4096))]));
    expect([error.entry, error.reason]).toEqual(['recipes/', 'is a folder holding data']);
    const declared = await refusalOf(buildZip([deflatedEntry('photos/', Buffer.alloc(1024 * 1024))]));
    expect([declared.entry, declared.reason]).toEqual(['photos/', 'is a folder holding data']);
    // An empty folder deflated (as Java's ZipOutputStream writes one) holds nothing: taken.
    await open(buildZip([deflatedEntry('recipes/', Buffer.alloc(0)), storedEntry('a.txt', 'a')])).then((a) =>
      a.close(),
    );
  });

  test('a name that appears twice', async () => {
    const error = await refusalOf(buildZip([storedEntry('a.txt', 'one'), storedEntry('a.txt', 'two')]));
    expect(error.entry).toBe('a.txt');
    expect(error.reason).toContain('twice');
  });
});

describe('limits', () => {
  test('an archive declaring 100,000 entries is refused from its end record, before reading them', async () => {
    // One real record: yauzl would fail on the second, so only the declared count can refuse it.
    const bytes = buildZip([storedEntry('a.txt', 'a')], { declaredEntryCount: 100_000 });
    const error = await refusalOf(bytes, { ...LIMITS, maxEntries: 20_000 });
    expect(error.reason).toBe('holds 100000 entries; at most 20000 are accepted');
  });

  test('one entry more than allowed is refused; folders count', async () => {
    const entries = Array.from({ length: 4 }, (_, i) => storedEntry(`f${i}.txt`, 'x'));
    await open(buildZip([storedEntry('folder/', ''), ...entries]), { ...LIMITS, maxEntries: 5 }).then((a) =>
      a.close(),
    );
    const error = await refusalOf(
      buildZip([storedEntry('folder/', ''), ...entries, storedEntry('f9.txt', 'x')]),
      {
        ...LIMITS,
        maxEntries: 5,
      },
    );
    expect(error.reason).toContain('at most 5');
  });

  test('an entry declaring more than the largest entry is refused', async () => {
    const error = await refusalOf(buildZip([deflatedEntry('big.bin', Buffer.alloc(2048, 7))]), {
      ...LIMITS,
      maxEntryBytes: 2047,
    });
    expect(error.entry).toBe('big.bin');
    expect(error.reason).toContain('at most 2047');
  });

  test('a total uncompressed size past the limit is refused at the entry that passes it', async () => {
    const piece = Buffer.alloc(1000, 1);
    const bytes = buildZip([storedEntry('a', piece), storedEntry('b', piece), storedEntry('c', piece)]);
    const limits = { ...LIMITS, maxTotalBytes: 2500 };
    const error = await refusalOf(bytes, limits);
    expect(error.entry).toBe('c');
    await open(buildZip([storedEntry('a', piece), storedEntry('b', piece)]), limits).then((a) => a.close());
  });

  test('a zip bomb: 10 MiB of zeros squeezed over 100 times is refused by its ratio', async () => {
    const bomb = await deflatedZerosEntry('zeros.bin', 10 * MiB);
    expect(bomb.data.byteLength).toBeLessThan(20_000);
    const error = await refusalOf(buildZip([bomb]));
    expect(error.entry).toBe('zeros.bin');
    expect(error.reason).toContain('at most 100 times');
  });

  test('an entry that inflates to nothing declared is refused by its ratio too', async () => {
    const error = await refusalOf(
      buildZip([
        deflatedEntry('empty.bin', '', {
          uncompressedSize: 2 * MiB,
          compressedSize: 0,
          data: new Uint8Array(),
        }),
      ]),
    );
    expect(error.reason).toContain('infinitely');
  });

  test('small entries may compress far (a JSON document), large ones may not', async () => {
    const small = await deflatedZerosEntry('small.json', 512 * 1024);
    await open(buildZip([small])).then((a) => a.close());
    const error = await refusalOf(buildZip([small]), { ...LIMITS, ratioExemptBytes: 0 });
    expect(error.entry).toBe('small.json');
  });

  test('small entries that compress far do not add up: past ratioExemptTotalBytes the ratio holds for them too', async () => {
    const small = (name: string) => deflatedZerosEntry(name, 512 * 1024);
    const limits = { ...LIMITS, ratioExemptTotalBytes: MiB };
    await open(buildZip([await small('a.json'), await small('b.json')]), limits).then((a) => a.close());
    // Well compressed but within the ratio: not counted.
    const plain = deflatedEntry(
      'plain.json',
      Buffer.from(JSON.stringify({ n: Array.from({ length: 9000 }, (_, i) => i) })),
    );
    await open(buildZip([await small('a.json'), plain, await small('b.json')]), limits).then((a) =>
      a.close(),
    );
    const error = await refusalOf(
      buildZip([await small('a.json'), await small('b.json'), await small('c.json')]),
      limits,
    );
    expect(error.entry).toBe('c.json');
    expect(error.reason).toContain(`only until they come to ${MiB} bytes together`);
  });

  test('a 200 MB bomb is refused from its declared size', async () => {
    const bomb = await deflatedZerosEntry('bomb.bin', 200_000_000);
    const error = await refusalOf(buildZip([bomb]));
    expect(error.entry).toBe('bomb.bin');
    expect(error.reason).toContain('is 200000000 bytes uncompressed');
  });
});

describe('entries whose real bytes differ from what they declare', () => {
  test('200 MB of zeros declared as 10 bytes: reading stops and refuses', async () => {
    const liar = await deflatedZerosEntry('liar.bin', 200_000_000, { uncompressedSize: 10 });
    const archive = await open(buildZip([storedEntry('fine.txt', 'fine'), liar]));
    expect(archive.entries.find((e) => e.name === 'liar.bin')?.size).toBe(10);
    const before = process.memoryUsage().arrayBuffers;
    const error = await readRefusalOf(archive, 'liar.bin');
    expect(error.entry).toBe('liar.bin');
    expect(error.reason).toBe('holds more bytes than it declares');
    // Refused after a few kilobytes, not after inflating 200 MB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 * MiB);
  });

  test('an entry that inflates to fewer bytes than declared is refused', async () => {
    const archive = await open(buildZip([deflatedEntry('short.txt', 'short', { uncompressedSize: 50 })]));
    const error = await readRefusalOf(archive, 'short.txt');
    expect(error.reason).toBe('holds fewer bytes than it declares');
  });

  test('a stored entry whose two sizes disagree is refused from the directory', async () => {
    const error = await refusalOf(buildZip([storedEntry('odd.txt', 'abc', { uncompressedSize: 2 })]));
    expect(error.entry).toBe('odd.txt');
    expect(error.reason).toBe('is stored uncompressed, yet declares 3 bytes stored for 2');
  });

  test('an entry whose data lies beyond the end of the file is refused', async () => {
    const cut = buildZip([deflatedEntry('far.bin', Buffer.alloc(100, 1), { compressedSize: 5000 })]);
    const opened = await open(cut);
    const error = await readRefusalOf(opened, 'far.bin');
    expect(error.entry).toBe('far.bin');
    expect(error.reason).toBe('is cut short: its data runs past the end of the archive');
  });

  test('damaged data (checksum mismatch) is refused', async () => {
    const archive = await open(buildZip([storedEntry('photo.jpg', 'not quite', { crc32: 12345 })]));
    const error = await readRefusalOf(archive, 'photo.jpg');
    expect(error.reason).toContain('checksum');
  });

  test('deflate data that is not deflate is refused when read', async () => {
    const archive = await open(
      buildZip([
        deflatedEntry('junk.txt', 'x', { data: Buffer.from([0xff, 0xff, 0xff, 0xff]), uncompressedSize: 1 }),
      ]),
    );
    const error = await readRefusalOf(archive, 'junk.txt');
    expect(error.entry).toBe('junk.txt');
    expect(error.reason).toBe('is damaged: its compressed data cannot be inflated');
  });
});

describe('uploads that are not zip archives', () => {
  test.each([
    ['text', Buffer.from('just some text, clearly not a zip')],
    ['nothing', Buffer.alloc(0)],
    ['a zip cut short', buildZip([storedEntry('a.txt', 'hello')]).subarray(0, 40)],
  ])('%s', async (_, bytes) => {
    const error = await refusalOf(bytes);
    expect(error.entry).toBeUndefined();
    expect(error.reason).toMatch(/not a (readable )?zip archive/);
  });

  test('a directory said to begin far past the end of the file, in Larder’s words', async () => {
    const bytes = buildZip([storedEntry('a.txt', 'hello')], { declaredDirectoryOffset: 2n ** 62n });
    const error = await refusalOf(bytes);
    expect(error.entry).toBeUndefined();
    expect(error.reason).toBe(
      'is not a readable zip archive: its directory points past its end (cut short?)',
    );
  });
});

describe('an upload over the size cap', () => {
  test('is refused as soon as it passes, without reading on, leaving nothing on disk', async () => {
    let pulled = 0;
    let finished = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          pulled += 1;
          yield Buffer.alloc(64 * 1024);
        }
      } finally {
        finished = true;
      }
    }
    const error = await archives
      .open(endless(), { ...LIMITS, maxArchiveBytes: MiB })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveTooLarge);
    expect((error as ArchiveTooLarge).maxBytes).toBe(MiB);
    expect(pulled).toBe(17); // 16 pieces make 1 MiB exactly; the 17th passes it
    expect(finished).toBe(true);
    expect(await readdir(temporary)).toEqual([]);
  });

  test('an upload of exactly the cap is accepted', async () => {
    const bytes = buildZip([storedEntry('a.txt', 'a')]);
    await open(bytes, { ...LIMITS, maxArchiveBytes: bytes.byteLength }).then((a) => a.close());
  });
});
