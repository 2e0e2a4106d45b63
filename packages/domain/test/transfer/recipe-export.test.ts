import { ANNA, BEN, breadRecipe, breadView } from '@larder/domain/test-support/recipe-views.js';
import type { RecipeView } from '../../src/recipes/recipe-store.port.js';
import type { ArchiveFile } from '../../src/transfer/archive.port.js';
import { documentText } from '../../src/transfer/archive-format.js';
import { type RecipeToExport, archiveFilesOf, documentOf } from '../../src/transfer/recipe-export.js';
import { decodeUtf8 } from '../../src/transfer/utf8.js';

describe('the document of a recipe', () => {
  test('carries every content field, authors by name, times, and photos in order with the cover', () => {
    expect(documentOf(breadView())).toEqual({
      format: 'larder-recipe',
      version: 1,
      title: 'Country bread',
      description: 'A crusty loaf.',
      servings: 8,
      prepMinutes: 30,
      cookMinutes: 45,
      sourceUrl: 'https://www.example.com/bread',
      sourceName: 'example.com',
      tags: ['baking', 'vegan'],
      editPolicy: 'open',
      ingredientGroups: breadRecipe().ingredientGroups,
      steps: breadRecipe().steps,
      photos: [
        { file: 'photos/1.jpg', width: 1200, height: 900 },
        { file: 'photos/2.jpg', width: 600, height: 800 },
        { file: 'photos/3.jpg', width: 800, height: 600 },
      ],
      cover: 'photos/2.jpg',
      createdBy: { username: ANNA.username, displayName: ANNA.displayName },
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedBy: { username: BEN.username, displayName: BEN.displayName },
      updatedAt: '2026-02-03T11:30:00.000Z',
    });
  });

  test('holds no id, slug, mark or avatar: nothing that means nothing elsewhere', () => {
    const text = documentText(documentOf(breadView()));
    for (const internal of [
      'rec-bread',
      'acc-anna',
      'acc-ben',
      'img-',
      'avatar-anna',
      '"slug"',
      'tasty',
      'favorite',
    ]) {
      expect(text).not.toContain(internal);
    }
  });

  test('keeps the key order stable and a range time its upper end, a single time none', () => {
    const document = documentOf(breadView());
    expect(Object.keys(document)).toEqual([
      'format',
      'version',
      'title',
      'description',
      'servings',
      'prepMinutes',
      'cookMinutes',
      'sourceUrl',
      'sourceName',
      'tags',
      'editPolicy',
      'ingredientGroups',
      'steps',
      'photos',
      'cover',
      'createdBy',
      'createdAt',
      'updatedBy',
      'updatedAt',
    ]);
    expect(document.steps[0]?.times[0]).toEqual({ phrase: '30 minutes', seconds: 1800 });
    expect(Object.keys(document.steps[0]?.times[0] ?? {})).not.toContain('maxSeconds');
    expect(document.steps[1]?.times[0]).toEqual({ phrase: '40-45 minutes', seconds: 2400, maxSeconds: 2700 });
  });

  test('a former member is null; no photos mean no cover', () => {
    const document = documentOf(breadView({ createdBy: null, images: [], coverImageId: null }));
    expect(document.createdBy).toBeNull();
    expect(document.photos).toEqual([]);
    expect(document.cover).toBeNull();
  });

  test('photos without a known cover make the first one the cover', () => {
    expect(documentOf(breadView({ coverImageId: null })).cover).toBe('photos/1.jpg');
  });
});

describe('the files of an archive', () => {
  function recipesOf(
    views: RecipeView[],
    opened: string[],
    pulled: { count: number },
    gone: readonly string[] = [],
  ) {
    return (async function* recipes(): AsyncGenerator<RecipeToExport> {
      for (const view of views) {
        pulled.count += 1;
        yield {
          view,
          openPhoto: async (imageId: string) => {
            opened.push(imageId);
            if (gone.includes(imageId)) return null;
            return (async function* photo() {
              yield new Uint8Array([imageId.length]);
            })();
          },
        };
      }
    })();
  }

  const textOf = (file: ArchiveFile | undefined) =>
    file && file.content instanceof Uint8Array ? decodeUtf8(file.content) : null;

  test('a folder per recipe named from its slug, photos in order before the document, the manifest last', async () => {
    const opened: string[] = [];
    const views = [
      breadView(),
      breadView({ recipe: breadRecipe({ slug: 'soup', title: 'Soup' }), images: [] }),
    ];
    const files = archiveFilesOf(recipesOf(views, opened, { count: 0 }), new Date('2026-03-01T12:00:00Z'));
    // A photo is opened only when the writer asks for its file, each at its place in the order.
    const first = await files.next();
    expect(first.value?.name).toBe('recipes/bread/photos/1.jpg');
    expect(opened).toEqual(['img-a']);
    const rest: ArchiveFile[] = [];
    for await (const file of files) rest.push(file);
    const all = [first.value as ArchiveFile, ...rest];
    expect(all.map((f) => f.name)).toEqual([
      'recipes/bread/photos/1.jpg',
      'recipes/bread/photos/2.jpg',
      'recipes/bread/photos/3.jpg',
      'recipes/bread/recipe.json',
      'recipes/soup/recipe.json',
      'larder.json',
    ]);
    expect(opened).toEqual(['img-a', 'img-b', 'img-c']);
    expect(JSON.parse(textOf(all[3]) ?? '')).toEqual(documentOf(views[0] as RecipeView));
    expect(textOf(all[3])?.endsWith('}\n')).toBe(true);
    expect(JSON.parse(textOf(all[5]) ?? '')).toEqual({
      format: 'larder-recipes',
      version: 1,
      exportedAt: '2026-03-01T12:00:00.000Z',
      recipes: ['recipes/bread/recipe.json', 'recipes/soup/recipe.json'],
    });
  });

  test('a photo deleted meanwhile is left out, and the document names only the photos written', async () => {
    const view = breadView();
    const names: string[] = [];
    let document: ArchiveFile | undefined;
    for await (const file of archiveFilesOf(recipesOf([view], [], { count: 0 }, ['img-b']), new Date())) {
      names.push(file.name);
      if (file.name.endsWith('recipe.json')) document = file;
    }
    expect(names).toEqual([
      'recipes/bread/photos/1.jpg',
      'recipes/bread/photos/2.jpg',
      'recipes/bread/recipe.json',
      'larder.json',
    ]);
    const written = JSON.parse(textOf(document) ?? '') as { photos: Array<{ file: string }>; cover: string };
    expect(written.photos.map((p) => p.file)).toEqual(['photos/1.jpg', 'photos/2.jpg']);
    expect(written.photos).toHaveLength(2);
  });

  test('recipes are pulled one at a time, as their files are asked for', async () => {
    const pulled = { count: 0 };
    const views = [breadView({ images: [] }), breadView({ images: [] }), breadView({ images: [] })];
    const files = archiveFilesOf(recipesOf(views, [], pulled), new Date());
    await files.next();
    expect(pulled.count).toBe(1);
    await files.next();
    expect(pulled.count).toBe(2);
  });

  test('the same slug twice, or one no folder should bear, still makes distinct plain folders', async () => {
    const views = [
      breadView({ images: [] }),
      breadView({ images: [] }),
      breadView({ recipe: breadRecipe({ slug: '../Évil Slug' }), images: [] }),
    ];
    const names: string[] = [];
    for await (const file of archiveFilesOf(recipesOf(views, [], { count: 0 }), new Date()))
      names.push(file.name);
    expect(names).toEqual([
      'recipes/bread/recipe.json',
      'recipes/bread-2/recipe.json',
      'recipes/evil-slug/recipe.json',
      'larder.json',
    ]);
  });
});
