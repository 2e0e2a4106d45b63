import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { YazlZipArchives } from '@larder/adapters-zip';
import type { ArchiveFile, ArchiveLimits } from '@larder/domain';
import yauzl from 'yauzl';

const MiB = 1024 * 1024;
const LIMITS: ArchiveLimits = {
  maxArchiveBytes: 256 * MiB,
  maxEntries: 1000,
  maxEntryBytes: 12 * MiB,
  maxTotalBytes: 512 * MiB,
  maxRatio: 100,
  ratioExemptBytes: MiB,
};

let temporary: string;
let archives: YazlZipArchives;

beforeEach(async () => {
  temporary = await mkdtemp(join(tmpdir(), 'larder-zip-writing-'));
  archives = new YazlZipArchives({ temporaryDirectory: temporary });
});

afterEach(async () => {
  await rm(temporary, { recursive: true, force: true });
});

async function* listOf(files: ArchiveFile[]): AsyncGenerator<ArchiveFile> {
  yield* files;
}

async function* piecesOf(bytes: Uint8Array, pieceSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += pieceSize) yield bytes.subarray(at, at + pieceSize);
}

async function bytesOf(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** How each entry lies in the archive, read with yauzl directly. */
async function directoryOf(zip: Buffer): Promise<Map<string, yauzl.Entry>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of file.eachEntry()) entries.set(entry.fileName, entry);
  return entries;
}

const photo = randomBytes(300 * 1024);
const document = Buffer.from(JSON.stringify({ title: 'Bread', steps: Array(50).fill('Knead the dough.') }));

function sampleFiles(): ArchiveFile[] {
  return [
    { name: 'recipes/bread/recipe.json', content: document },
    { name: 'recipes/bread/photos/1.jpg', content: async () => piecesOf(photo) },
    { name: 'larder.json', content: Buffer.from('{"format":"larder-recipes"}') },
  ];
}

describe('writing an archive', () => {
  test('what is written reads back byte for byte through open', async () => {
    const zip = await bytesOf(archives.write(listOf(sampleFiles())));
    const archive = await archives.open(piecesOf(zip), LIMITS);
    expect(archive.entries.map((e) => e.name)).toEqual([
      'recipes/bread/recipe.json',
      'recipes/bread/photos/1.jpg',
      'larder.json',
    ]);
    expect(Buffer.from(await archive.read('recipes/bread/recipe.json')).equals(document)).toBe(true);
    expect(Buffer.from(await archive.read('recipes/bread/photos/1.jpg')).equals(photo)).toBe(true);
    await archive.close();
    expect(await readdir(temporary)).toEqual([]);
  });

  test('photos are stored as they are, documents deflated', async () => {
    const entries = await directoryOf(await bytesOf(archives.write(listOf(sampleFiles()))));
    expect(entries.get('recipes/bread/photos/1.jpg')?.compressionMethod).toBe(0);
    expect(entries.get('recipes/bread/photos/1.jpg')?.compressedSize).toBe(photo.byteLength);
    expect(entries.get('recipes/bread/recipe.json')?.compressionMethod).toBe(8);
    expect(entries.get('recipes/bread/recipe.json')?.compressedSize).toBeLessThan(document.byteLength / 4);
  });

  test('the same files make the same bytes, with a fixed time on every entry', async () => {
    const first = await bytesOf(archives.write(listOf(sampleFiles())));
    const second = await bytesOf(archives.write(listOf(sampleFiles())));
    expect(first.equals(second)).toBe(true);
    for (const entry of (await directoryOf(first)).values()) {
      expect(entry.getLastModDate({ timezone: 'local' })).toEqual(new Date(2000, 0, 1));
    }
  });

  test('an empty list makes an empty archive', async () => {
    const archive = await archives.open(archives.write(listOf([])), LIMITS);
    expect(archive.entries).toEqual([]);
    await archive.close();
  });

  test('names that could escape, and the same name twice, are refused', async () => {
    for (const name of ['../x', '/x', 'C:\\x', 'a/', '']) {
      await expect(bytesOf(archives.write(listOf([{ name, content: Buffer.from('x') }])))).rejects.toThrow(
        'Refused to write',
      );
    }
    const twice = [
      { name: 'a', content: Buffer.from('1') },
      { name: 'a', content: Buffer.from('2') },
    ];
    await expect(bytesOf(archives.write(listOf(twice)))).rejects.toThrow('twice');
  });
});

describe('writing as the reader reads', () => {
  const FILES = 40;
  const SIZE = MiB;

  test('files are pulled one at a time and each source is opened only when reached, one open at most', async () => {
    let pulled = 0;
    let open = 0;
    let mostOpen = 0;
    let consumed = 0;
    /** For each source: how many files had been pulled, and how many bytes read, when it opened. */
    const openings: { pulled: number; consumed: number }[] = [];
    const content = randomBytes(SIZE);

    async function* files(): AsyncGenerator<ArchiveFile> {
      for (let i = 0; i < FILES; i++) {
        pulled += 1;
        yield {
          name: `photos/${i}.jpg`,
          content: async () => {
            openings.push({ pulled, consumed });
            open += 1;
            mostOpen = Math.max(mostOpen, open);
            return (async function* source() {
              try {
                yield* piecesOf(content);
              } finally {
                open -= 1;
              }
            })();
          },
        };
      }
    }

    const chunks: Uint8Array[] = [];
    for await (const chunk of archives.write(files())) {
      consumed += chunk.byteLength;
      chunks.push(chunk);
    }
    expect(mostOpen).toBe(1);
    expect(openings).toHaveLength(FILES);
    const offsets = [...(await directoryOf(Buffer.concat(chunks))).values()].map(
      (e) => e.relativeOffsetOfLocalHeader,
    );
    openings.forEach((opening, i) => {
      // The file was pulled just before its source opened, never earlier ones in bulk …
      expect(opening.pulled).toBe(i + 1);
      // … and the reader had nearly reached it: only the streams' buffers (well under 1 MiB) run ahead.
      expect(opening.consumed).toBeGreaterThan((offsets[i] ?? 0) - SIZE / 2);
    });
  });

  test('a reader that stops early closes the open source and pulls no more files', async () => {
    let pulled = 0;
    let sourceClosed!: () => void;
    const closed = new Promise<void>((resolve) => (sourceClosed = resolve));
    async function* files(): AsyncGenerator<ArchiveFile> {
      for (let i = 0; i < 10; i++) {
        pulled += 1;
        yield {
          name: `photos/${i}.jpg`,
          content: async () =>
            (async function* endless() {
              try {
                for (;;) yield randomBytes(64 * 1024);
              } finally {
                sourceClosed();
              }
            })(),
        };
      }
    }
    for await (const chunk of archives.write(files())) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    await closed;
    expect(pulled).toBe(1);
  });

  test('a reader that stops while a source is opening has that source closed once it opens', async () => {
    let finishOpening!: () => void;
    const opening = new Promise<void>((resolve) => (finishOpening = resolve));
    let closeSource!: () => void;
    const sourceClosed = new Promise<void>((resolve) => (closeSource = resolve));
    // An endless source that says when it is closed, as a photo store's response body would.
    const source: AsyncIterableIterator<Uint8Array> = {
      [Symbol.asyncIterator]: () => source,
      next: async () => ({ done: false, value: Buffer.alloc(64 * 1024) }),
      return: async () => {
        closeSource();
        return { done: true, value: undefined };
      },
    };
    const files = listOf([{ name: 'a.jpg', content: () => opening.then(() => source) }]);
    // The entry's header comes out before its source is opened.
    for await (const chunk of archives.write(files)) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    finishOpening();
    await sourceClosed;
  });
});

describe('failures end the archive with their error', () => {
  test('a source that fails half way', async () => {
    const files: ArchiveFile[] = [
      { name: 'a.json', content: Buffer.from('{}') },
      {
        name: 'b.jpg',
        content: async () =>
          (async function* failing() {
            yield Buffer.alloc(1000);
            throw new Error('image store went away');
          })(),
      },
      { name: 'c.json', content: Buffer.from('{}') },
    ];
    await expect(bytesOf(archives.write(listOf(files)))).rejects.toThrow('image store went away');
  });

  test('a source that cannot be opened', async () => {
    const files: ArchiveFile[] = [
      {
        name: 'b.jpg',
        content: () => Promise.reject(new Error('no such photo')),
      },
    ];
    await expect(bytesOf(archives.write(listOf(files)))).rejects.toThrow('no such photo');
  });

  test('the list of files itself failing', async () => {
    async function* files(): AsyncGenerator<ArchiveFile> {
      yield { name: 'a.json', content: Buffer.from('{}') };
      throw new Error('database went away');
    }
    await expect(bytesOf(archives.write(files()))).rejects.toThrow('database went away');
  });
});
