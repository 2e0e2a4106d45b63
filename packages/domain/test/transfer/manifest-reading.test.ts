import { DocumentRefused } from '../../src/transfer/document-refused.js';
import { readManifest } from '../../src/transfer/manifest-reading.js';

const ARCHIVE = new Map([
  ['larder.json', 200],
  ['recipes/bread/recipe.json', 2000],
  ['recipes/soup/recipe.json', 2000],
]);

function manifestWith(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'larder-recipes',
    version: 1,
    exportedAt: '2026-03-01T12:00:00.000Z',
    recipes: ['recipes/bread/recipe.json', 'recipes/soup/recipe.json'],
    ...changes,
  };
}

function refusalOf(json: unknown): DocumentRefused {
  try {
    readManifest(json, ARCHIVE);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentRefused);
    return error as DocumentRefused;
  }
  throw new Error('the manifest was accepted');
}

describe('the manifest', () => {
  test('names the recipe documents in order', () => {
    expect(readManifest(manifestWith(), ARCHIVE)).toEqual({
      exportedAt: new Date('2026-03-01T12:00:00.000Z'),
      recipes: ['recipes/bread/recipe.json', 'recipes/soup/recipe.json'],
    });
  });

  test('of something else than a recipe archive is refused', () => {
    expect(refusalOf(manifestWith({ format: 'other' })).issues).toEqual([
      { location: 'larder.json: format', message: 'must be "larder-recipes"' },
    ]);
    expect(refusalOf('larder').issues).toEqual([{ location: 'larder.json', message: 'must be an object' }]);
  });

  test('of a newer version is refused, saying so', () => {
    const refusal = refusalOf(manifestWith({ version: 3 }));
    expect(refusal.code).toBe('transfer.version_unsupported');
    expect(refusal.issues[0]?.message).toContain('is 3, written by a newer Larder');
  });

  test('must list documents of recipe folders, each once, each in the archive', () => {
    const recipes = [
      'recipes/bread/recipe.json',
      'recipes/bread/recipe.json',
      'recipes/pie/recipe.json',
      '../recipe.json',
      'recipes/bread/photos/1.jpg',
      7,
    ];
    expect(refusalOf(manifestWith({ recipes })).issues).toEqual([
      { location: 'larder.json: recipes[1]', message: 'names the same document as another item' },
      {
        location: 'larder.json: recipes[2]',
        message: 'names recipes/pie/recipe.json, which the archive does not hold',
      },
      {
        location: 'larder.json: recipes[3]',
        message: 'must be the path of a recipe document, such as recipes/bread/recipe.json',
      },
      {
        location: 'larder.json: recipes[4]',
        message: 'must be the path of a recipe document, such as recipes/bread/recipe.json',
      },
      { location: 'larder.json: recipes[5]', message: 'must be a string' },
    ]);
  });

  test('lists at most as many recipes as the archive may hold entries', () => {
    expect(readManifest(manifestWith(), ARCHIVE, 2).recipes).toHaveLength(2);
    try {
      readManifest(manifestWith(), ARCHIVE, 1);
      throw new Error('the manifest was accepted');
    } catch (error) {
      expect((error as DocumentRefused).issues).toEqual([
        { location: 'larder.json: recipes', message: 'must have at most 1 items' },
      ]);
    }
  });

  test('must have its list of recipes', () => {
    expect(refusalOf(manifestWith({ recipes: undefined })).issues).toEqual([
      { location: 'larder.json: recipes', message: 'is required' },
    ]);
  });
});
