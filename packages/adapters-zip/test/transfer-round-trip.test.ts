import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { YazlZipArchives } from '@larder/adapters-zip';
import {
  ArchiveRefused,
  DocumentRefused,
  type OpenedArchive,
  type RecipeFromArchive,
  type RecipeToExport,
  type RecipeView,
  TRANSFER_LIMITS,
  type TransferLimits,
  archiveFilesOf,
  documentText,
  RecipeArchive,
} from '@larder/domain';
import { breadRecipe, breadView } from '@larder/domain/test-support/recipe-views.js';
import { buildZip, deflatedEntry } from '@larder/adapters-zip/test-support/zip-builder.js';

let temporary: string;
let archives: YazlZipArchives;

beforeEach(async () => {
  temporary = await mkdtemp(join(tmpdir(), 'larder-transfer-'));
  archives = new YazlZipArchives({ temporaryDirectory: temporary });
});

afterEach(async () => {
  await rm(temporary, { recursive: true, force: true });
});

async function* listOf<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function bytesOf(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* piecesOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += 50_000) yield bytes.subarray(at, at + 50_000);
}

/** A household's photo store: each photo's original by id. */
type PhotoStore = Map<string, Buffer>;

function exporting(views: RecipeView[], photos: PhotoStore): AsyncIterable<RecipeToExport> {
  return listOf(
    views.map((view) => ({
      view,
      openPhoto: async (id: string) => piecesOf(photos.get(id) ?? Buffer.alloc(0)),
    })),
  );
}

async function recipesOf(
  archive: OpenedArchive,
  limits: TransferLimits = TRANSFER_LIMITS,
): Promise<RecipeFromArchive[]> {
  const read = new RecipeArchive(archive, limits);
  const recipes: RecipeFromArchive[] = [];
  for (const path of await read.documents()) recipes.push(await read.recipe(path));
  return recipes;
}

/** What an import would create in another household: new ids, slugs and times, the originals kept as they are. */
async function importInto(archive: OpenedArchive, photos: PhotoStore): Promise<RecipeView[]> {
  const views: RecipeView[] = [];
  for (const [r, read] of (await recipesOf(archive)).entries()) {
    const images = [];
    for (const [position, photo] of read.photos.entries()) {
      const id = `new-img-${r}-${position}`;
      photos.set(id, Buffer.from(await archive.read(photo.entry)));
      images.push({ id, width: photo.width ?? 0, height: photo.height ?? 0, position });
    }
    const recipe = breadRecipe({
      ...read.content,
      id: `new-rec-${r}`,
      slug: `imported-${r}`,
      editPolicy: read.editPolicy,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const coverImageId = read.coverIndex === null ? null : (images[read.coverIndex]?.id ?? null);
    views.push(breadView({ recipe, images, coverImageId }));
  }
  return views;
}

/** Every file of an archive: documents without their times, photos by their digest. */
async function contentsOf(archive: OpenedArchive): Promise<Record<string, unknown>> {
  const contents: Record<string, unknown> = {};
  for (const { name } of archive.entries) {
    const bytes = Buffer.from(await archive.read(name));
    if (name.endsWith('.jpg')) contents[name] = createHash('sha256').update(bytes).digest('hex');
    else if (name === 'larder.json')
      contents[name] = { ...JSON.parse(bytes.toString()), exportedAt: undefined };
    else contents[name] = { ...JSON.parse(bytes.toString()), createdAt: undefined, updatedAt: undefined };
  }
  return contents;
}

describe('export, import, export again', () => {
  test('gives byte-identical photos and documents equal but for ids, slugs and times', async () => {
    const photos: PhotoStore = new Map([
      ['img-a', randomBytes(200_000)],
      ['img-b', randomBytes(150_000)],
      ['img-c', randomBytes(100_000)],
    ]);
    const soup = breadView({
      recipe: breadRecipe({ id: 'rec-soup', slug: 'soup', title: 'Soup', editPolicy: 'locked' }),
      images: [],
      coverImageId: null,
    });
    const first = await bytesOf(
      archives.write(archiveFilesOf(exporting([breadView(), soup], photos), new Date())),
    );

    const opened = await archives.open(piecesOf(first), TRANSFER_LIMITS);
    const elsewhere: PhotoStore = new Map();
    const imported = await importInto(opened, elsewhere);
    const before = await contentsOf(opened);
    await opened.close();

    const second = await bytesOf(archives.write(archiveFilesOf(exporting(imported, elsewhere), new Date())));
    const reopened = await archives.open(piecesOf(second), TRANSFER_LIMITS);
    const after = await contentsOf(reopened);
    await reopened.close();

    // The new slugs name new folders; everything in them is the same.
    const renamed = (name: string) =>
      name.replace('recipes/imported-0/', 'recipes/bread/').replace('recipes/imported-1/', 'recipes/soup/');
    const afterByOldName = Object.fromEntries(
      Object.entries(after).map(([name, value]) => [renamed(name), value]),
    );
    const manifest = afterByOldName['larder.json'] as { recipes: string[] };
    afterByOldName['larder.json'] = { ...manifest, recipes: manifest.recipes.map(renamed) };
    expect(afterByOldName).toEqual(before);
    expect(before['recipes/bread/photos/2.jpg']).toBe(
      createHash('sha256')
        .update(photos.get('img-b') ?? '')
        .digest('hex'),
    );
    expect(await readdir(temporary)).toEqual([]);
  });
});

describe('reading the recipes of an archive', () => {
  const manifest = (recipes: string[]) =>
    documentText({ format: 'larder-recipes', version: 1, exportedAt: '2026-03-01T12:00:00Z', recipes });

  async function refusalOf(zip: Buffer, limits: TransferLimits = TRANSFER_LIMITS): Promise<unknown> {
    const archive = await archives.open(piecesOf(zip), limits);
    try {
      await recipesOf(archive, limits);
      return new Error('the archive was read');
    } catch (error) {
      return error;
    } finally {
      await archive.close();
    }
  }

  test('an archive without its manifest is not a Larder archive', async () => {
    const error = await refusalOf(buildZip([deflatedEntry('recipe.json', '{}')]));
    expect(error).toBeInstanceOf(DocumentRefused);
    expect((error as DocumentRefused).issues).toEqual([
      { location: 'larder.json', message: 'is missing: this is not a Larder recipe archive' },
    ]);
  });

  test('a document declaring more than a document may be is refused without reading it', async () => {
    // Its headers declare 8 MiB + 1 from 100 kB the archive does not even hold: reading it would fail otherwise.
    const big = deflatedEntry('recipes/a/recipe.json', '{}', {
      uncompressedSize: TRANSFER_LIMITS.maxDocumentBytes + 1,
      compressedSize: 100_000,
    });
    const zip = buildZip([deflatedEntry('larder.json', manifest(['recipes/a/recipe.json'])), big]);
    const error = await refusalOf(zip);
    expect(error).toBeInstanceOf(DocumentRefused);
    expect((error as DocumentRefused).issues).toEqual([
      {
        location: 'recipes/a/recipe.json',
        message: `is ${TRANSFER_LIMITS.maxDocumentBytes + 1} bytes; a document may be at most ${TRANSFER_LIMITS.maxDocumentBytes}`,
      },
    ]);
  });

  test('recipe documents declaring more than maxDocumentsBytes together are refused before any is read', async () => {
    // Each declares 40 kB from 10 kB the archive does not even hold: reading one would fail otherwise.
    const paths = ['recipes/a/recipe.json', 'recipes/b/recipe.json', 'recipes/c/recipe.json'];
    const declared = (path: string) =>
      deflatedEntry(path, 'not JSON', { uncompressedSize: 40_000, compressedSize: 10_000 });
    const listing = (recipes: string[]) => deflatedEntry('larder.json', manifest(recipes));
    const limits = { ...TRANSFER_LIMITS, maxDocumentsBytes: 100_000 };
    const error = await refusalOf(buildZip([listing(paths), ...paths.map(declared)]), limits);
    expect(error).toBeInstanceOf(ArchiveRefused);
    expect((error as ArchiveRefused).entry).toBeUndefined();
    expect((error as ArchiveRefused).reason).toBe(
      'holds 120000 bytes of recipe documents; at most 100000 are accepted',
    );
    // Files the manifest does not list are never read, and do not count: the first document is read.
    const unlisted = await refusalOf(buildZip([listing(paths.slice(0, 2)), ...paths.map(declared)]), limits);
    expect(unlisted).toBeInstanceOf(ArchiveRefused);
    expect((unlisted as ArchiveRefused).entry).toBe('recipes/a/recipe.json');
  });

  test('the first document that breaks a rule stops the reading, located inside it', async () => {
    const good = documentText({
      format: 'larder-recipe',
      version: 1,
      title: 'A',
      servings: 1,
      ingredientGroups: [{ ingredients: [] }],
    });
    const bad = good.replace('"servings": 1', '"servings": 100');
    const zip = buildZip([
      deflatedEntry('larder.json', manifest(['recipes/a/recipe.json', 'recipes/b/recipe.json'])),
      deflatedEntry('recipes/a/recipe.json', good),
      deflatedEntry('recipes/b/recipe.json', bad),
    ]);
    const error = await refusalOf(zip);
    expect((error as DocumentRefused).issues).toEqual([
      { location: 'recipes/b/recipe.json: servings', message: 'must be at most 99' },
    ]);
  });

  test('an entry that is not what it declares is refused by the archive', async () => {
    const zip = buildZip([deflatedEntry('larder.json', manifest([]), { crc32: 1 })]);
    const error = await refusalOf(zip);
    expect(error).toBeInstanceOf(ArchiveRefused);
    expect((error as ArchiveRefused).entry).toBe('larder.json');
  });
});
