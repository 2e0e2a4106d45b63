import { breadRecipe, breadView } from '@larder/domain/test-support/recipe-views.js';
import { RECIPE_LIMITS } from '../../src/recipes/recipe-validation.js';
import type { FieldIssue } from '../../src/shared/errors.js';
import { documentText } from '../../src/transfer/archive-format.js';
import { DocumentRefused } from '../../src/transfer/document-refused.js';
import { type ArchiveIndex, readRecipeDocument } from '../../src/transfer/document-reading.js';
import { documentOf } from '../../src/transfer/recipe-export.js';

const PATH = 'recipes/bread/recipe.json';
const ARCHIVE: ArchiveIndex = new Map([
  [PATH, 2000],
  ['recipes/bread/photos/1.jpg', 300_000],
  ['recipes/bread/photos/2.jpg', 200_000],
  ['recipes/bread/photos/3.jpg', 100_000],
  ['recipes/soup/photos/1.jpg', 100_000],
]);

/** The bread's document as an archive holds it, parsed, with `changes` applied. */
function documentWith(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(JSON.parse(documentText(documentOf(breadView()))) as Record<string, unknown>), ...changes };
}

function issuesOf(json: unknown, path = PATH, archive = ARCHIVE): FieldIssue[] {
  try {
    readRecipeDocument(json, path, archive);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentRefused);
    return (error as DocumentRefused).issues;
  }
  throw new Error('the document was accepted');
}

function codeOf(json: unknown): string {
  try {
    readRecipeDocument(json, PATH, ARCHIVE);
  } catch (error) {
    return (error as DocumentRefused).code;
  }
  throw new Error('the document was accepted');
}

describe('reading a recipe document', () => {
  test('gives back the recipe as it was exported, its photos as archive entries and the cover', () => {
    const read = readRecipeDocument(documentWith(), PATH, ARCHIVE);
    const {
      id: _id,
      slug: _slug,
      editPolicy,
      createdById: _c,
      updatedById: _u,
      createdAt,
      updatedAt,
      ...content
    } = breadRecipe();
    expect(read).toEqual({
      path: PATH,
      content,
      editPolicy,
      photos: [
        { entry: 'recipes/bread/photos/1.jpg', width: 1200, height: 900 },
        { entry: 'recipes/bread/photos/2.jpg', width: 600, height: 800 },
        { entry: 'recipes/bread/photos/3.jpg', width: 800, height: 600 },
      ],
      coverIndex: 1,
      createdBy: { username: 'anna', displayName: 'Anna Berg' },
      createdAt,
      updatedBy: { username: 'ben', displayName: 'Ben' },
      updatedAt,
    });
  });

  test('a document written again from what was read is the same but for ids and times', () => {
    const read = readRecipeDocument(documentWith(), PATH, ARCHIVE);
    const again = documentOf(
      breadView({
        recipe: breadRecipe({
          ...read.content,
          id: 'another-id',
          slug: 'bread-2',
          editPolicy: read.editPolicy,
          createdAt: new Date(),
          updatedAt: new Date(),
        }),
      }),
    );
    const { createdAt: _a, updatedAt: _b, ...rest } = again;
    const { createdAt: _c, updatedAt: _d, ...original } = documentOf(breadView());
    expect(rest).toEqual(original);
  });

  test('only title, servings and ingredient groups are required; the rest have defaults', () => {
    const read = readRecipeDocument(
      {
        format: 'larder-recipe',
        version: 1,
        title: 'Toast',
        servings: 1,
        ingredientGroups: [{ ingredients: [{ name: 'bread' }] }],
      },
      PATH,
      ARCHIVE,
    );
    expect(read.content).toEqual({
      title: 'Toast',
      description: '',
      servings: 1,
      prepMinutes: null,
      cookMinutes: null,
      sourceUrl: null,
      sourceName: null,
      tags: [],
      ingredientGroups: [
        { name: null, ingredients: [{ name: 'bread', note: null, quantity: null, unit: null }] },
      ],
      steps: [],
    });
    expect(read).toMatchObject({ editPolicy: 'default', photos: [], coverIndex: null, createdBy: null });
    expect(read.createdAt).toBeNull();
    expect(issuesOf({ format: 'larder-recipe', version: 1 })).toEqual([
      { location: `${PATH}: title`, message: 'is required' },
      { location: `${PATH}: servings`, message: 'is required' },
      { location: `${PATH}: ingredientGroups`, message: 'is required' },
    ]);
  });

  test('fields it does not know are left alone, __proto__ included', () => {
    const json = JSON.parse(
      documentText({ ...documentWith(), comments: [{ body: 'yum' }], id: 'x' }).replace(
        '"format"',
        '"__proto__": {"title": 5}, "constructor": 1, "format"',
      ),
    ) as unknown;
    expect(readRecipeDocument(json, PATH, ARCHIVE).content.title).toBe('Country bread');
  });
});

describe('format and version', () => {
  test('another format is refused', () => {
    expect(issuesOf(documentWith({ format: 'larder-recipes' }))).toEqual([
      { location: `${PATH}: format`, message: 'must be "larder-recipe"' },
    ]);
  });

  test('a newer version is refused whole, saying to update Larder', () => {
    const issues = issuesOf(documentWith({ version: 2 }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.location).toBe(`${PATH}: version`);
    expect(issues[0]?.message).toContain('newer Larder');
    expect(codeOf(documentWith({ version: 2 }))).toBe('transfer.version_unsupported');
  });

  test.each([0, 1.5, '1', null])('version %j is not a version', (version) => {
    expect(issuesOf(documentWith({ version }))).toEqual([
      { location: `${PATH}: version`, message: 'must be a whole number from 1' },
    ]);
    expect(codeOf(documentWith({ version }))).toBe('transfer.document_invalid');
  });

  test.each([null, [], 'text', 42])('%j is not a document', (json) => {
    expect(issuesOf(json)).toEqual([{ location: PATH, message: 'must be an object' }]);
  });

  test.each([
    'recipes/bread/other.json',
    'recipes/../recipe.json',
    'bread/recipe.json',
    'recipes/a/b/recipe.json',
  ])('a document at %s is not a recipe document', (path) => {
    expect(issuesOf(documentWith(), path)[0]?.message).toContain('recipes/<folder>/recipe.json');
  });
});

describe('hostile fields are refused at their place in the document', () => {
  test('every field of the wrong type is listed at once', () => {
    const document = documentWith({
      title: 42,
      description: null,
      servings: '8',
      prepMinutes: '30',
      tags: 'baking',
      editPolicy: 'everyone',
      ingredientGroups: [
        { name: 7, ingredients: [{ name: ['flour'], quantity: '500', unit: {} }, 'salt'] },
        'Starter',
      ],
      steps: [
        {
          text: 'Mix.',
          references: [{ ingredientName: 1, word: 'Mix' }],
          times: [{ phrase: 5, seconds: '60' }],
        },
      ],
      createdBy: 'anna',
      createdAt: 'yesterday',
    });
    expect(issuesOf(document)).toEqual([
      { location: `${PATH}: title`, message: 'must be a string' },
      { location: `${PATH}: description`, message: 'must be a string' },
      { location: `${PATH}: servings`, message: 'must be a number' },
      { location: `${PATH}: prepMinutes`, message: 'must be a number' },
      { location: `${PATH}: tags`, message: 'must be a list' },
      { location: `${PATH}: ingredientGroups[0].name`, message: 'must be a string' },
      { location: `${PATH}: ingredientGroups[0].ingredients[0].name`, message: 'must be a string' },
      { location: `${PATH}: ingredientGroups[0].ingredients[0].quantity`, message: 'must be a number' },
      { location: `${PATH}: ingredientGroups[0].ingredients[0].unit`, message: 'must be a string' },
      { location: `${PATH}: ingredientGroups[0].ingredients[1]`, message: 'must be an object' },
      { location: `${PATH}: ingredientGroups[1]`, message: 'must be an object' },
      { location: `${PATH}: steps[0].references[0].ingredientName`, message: 'must be a string' },
      { location: `${PATH}: steps[0].times[0].phrase`, message: 'must be a string' },
      { location: `${PATH}: steps[0].times[0].seconds`, message: 'must be a number' },
      { location: `${PATH}: editPolicy`, message: 'must be one of default, open, locked' },
      { location: `${PATH}: createdBy`, message: 'must be an object' },
      { location: `${PATH}: createdAt`, message: 'must be a date and time such as 2026-03-01T12:00:00.000Z' },
    ]);
  });

  test('one field of the wrong type hides none of the rules the other fields break', () => {
    const rulesBroken = { title: ' ', servings: 0, prepMinutes: -5, tags: [''] };
    const ruleIssues = [
      { location: `${PATH}: title`, message: 'must not be empty' },
      { location: `${PATH}: servings`, message: 'must be at least 1' },
      { location: `${PATH}: prepMinutes`, message: 'must be at least 0' },
      { location: `${PATH}: tags[0]`, message: 'must not be empty' },
    ];
    expect(issuesOf(documentWith({ ...rulesBroken, editPolicy: 'x' }))).toEqual([
      { location: `${PATH}: editPolicy`, message: 'must be one of default, open, locked' },
      ...ruleIssues,
    ]);
    expect(issuesOf(documentWith({ ...rulesBroken, cookMinutes: '10' }))).toEqual([
      { location: `${PATH}: cookMinutes`, message: 'must be a number' },
      ...ruleIssues,
    ]);
    // What the rules would say of the stand-in, at the field or inside it, is not said twice.
    expect(issuesOf(documentWith({ servings: '8', ingredientGroups: ['Starter'], steps: [] }))).toEqual([
      { location: `${PATH}: servings`, message: 'must be a number' },
      { location: `${PATH}: ingredientGroups[0]`, message: 'must be an object' },
    ]);
  });

  test('a huge string is held to the recipe rule for its field', () => {
    expect(issuesOf(documentWith({ title: 'x'.repeat(5_000_000) }))).toEqual([
      { location: `${PATH}: title`, message: `must be at most ${RECIPE_LIMITS.title} characters` },
    ]);
  });

  test('deep nesting where a value belongs is just the wrong type', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(issuesOf(documentWith({ title: deep }))).toEqual([
      { location: `${PATH}: title`, message: 'must be a string' },
    ]);
  });

  test('a list longer than the rules allow is refused without reading its items', () => {
    const tags = Array.from({ length: 1_000_000 }, () => ({ not: 'a string' }));
    expect(issuesOf(documentWith({ tags }))).toEqual([
      { location: `${PATH}: tags`, message: `must have at most ${RECIPE_LIMITS.tags} items` },
    ]);
  });

  test('authors are names, not anything at all', () => {
    expect(issuesOf(documentWith({ updatedBy: { username: 'ben', displayName: 'B\u0000en' } }))).toEqual([
      {
        location: `${PATH}: updatedBy.displayName`,
        message: 'must be at most 200 characters, without control characters',
      },
    ]);
  });
});

describe('half characters (lone surrogates)', () => {
  test('are refused at their place in the document, in the recipe and in its authors', () => {
    const steps = breadRecipe().steps.map((step, i) =>
      i === 0 ? { ...step, text: `${step.text} \ud800` } : step,
    );
    expect(issuesOf(documentWith({ steps }))).toEqual([
      { location: `${PATH}: steps[0].text`, message: 'must be valid Unicode text' },
    ]);
    expect(issuesOf(documentWith({ updatedBy: { username: 'ben', displayName: 'Ben \udc00' } }))).toEqual([
      { location: `${PATH}: updatedBy.displayName`, message: 'must be valid Unicode text' },
    ]);
  });
});

describe('recipe rules', () => {
  test('are reported inside the document, without the body. prefix of a request', () => {
    const steps = breadRecipe().steps.map((step, i) =>
      i === 0 ? { ...step, times: [{ phrase: '45 minutes', seconds: 2700 }] } : step,
    );
    expect(issuesOf(documentWith({ steps, servings: 0, tags: ['ok', ''] }))).toEqual([
      { location: `${PATH}: servings`, message: 'must be at least 1' },
      { location: `${PATH}: tags[1]`, message: 'must not be empty' },
      { location: `${PATH}: steps[0].times[0].phrase`, message: "must occur in the step's text" },
    ]);
  });

  test('an ingredient group is needed, as for any recipe', () => {
    expect(issuesOf(documentWith({ ingredientGroups: [], steps: [] }))).toEqual([
      { location: `${PATH}: ingredientGroups`, message: 'must have at least 1 item' },
    ]);
  });

  test('are tidied as a save tidies them', () => {
    const read = readRecipeDocument(
      documentWith({ title: '  Country   bread ', tags: ['Baking', 'baking'] }),
      PATH,
      ARCHIVE,
    );
    expect(read.content.title).toBe('Country bread');
    expect(read.content.tags).toEqual(['baking']);
  });
});

describe('photos', () => {
  const photo = (file: string) => ({ file, width: 800, height: 600 });

  test.each([
    ['../soup/photos/1.jpg', 'must be photos/ and a plain file name, such as photos/1.jpg'],
    ['photos/../../soup/photos/1.jpg', 'must be photos/ and a plain file name, such as photos/1.jpg'],
    ['/etc/passwd', 'must be photos/ and a plain file name, such as photos/1.jpg'],
    ['photos/.hidden', 'must be photos/ and a plain file name, such as photos/1.jpg'],
    ['photos/9.jpg', 'names recipes/bread/photos/9.jpg, which the archive does not hold'],
  ])('%s is refused', (file, message) => {
    expect(issuesOf(documentWith({ photos: [photo(file)], cover: null }))).toEqual([
      { location: `${PATH}: photos[0].file`, message },
    ]);
  });

  test('one file twice is refused', () => {
    expect(
      issuesOf(documentWith({ photos: [photo('photos/1.jpg'), photo('photos/1.jpg')], cover: null })),
    ).toEqual([{ location: `${PATH}: photos[1].file`, message: 'names the same file as another photo' }]);
  });

  test('a file larger than a photo upload may be is refused', () => {
    const archive = new Map([...ARCHIVE, ['recipes/bread/photos/1.jpg', 10 * 1024 * 1024 + 1]]);
    expect(issuesOf(documentWith(), PATH, archive)).toEqual([
      {
        location: `${PATH}: photos[0].file`,
        message: `names a file of ${10 * 1024 * 1024 + 1} bytes; a photo may be at most ${10 * 1024 * 1024}`,
      },
    ]);
  });

  test('at most 20 photos', () => {
    const photos = Array.from({ length: 21 }, () => photo('photos/1.jpg'));
    expect(issuesOf(documentWith({ photos, cover: null }))).toEqual([
      { location: `${PATH}: photos`, message: 'must have at most 20 items' },
    ]);
  });

  test('sizes, when given, are whole pixels', () => {
    expect(
      issuesOf(documentWith({ photos: [{ file: 'photos/1.jpg', width: -1, height: 1.5 }], cover: null })),
    ).toEqual([
      { location: `${PATH}: photos[0].width`, message: 'must be a whole number of pixels' },
      { location: `${PATH}: photos[0].height`, message: 'must be a whole number of pixels' },
    ]);
  });

  test('the cover must be one of the photos; without one the first is the cover', () => {
    expect(issuesOf(documentWith({ cover: 'photos/9.jpg' }))).toEqual([
      { location: `${PATH}: cover`, message: 'must be the file of one of the photos' },
    ]);
    expect(readRecipeDocument(documentWith({ cover: null }), PATH, ARCHIVE).coverIndex).toBe(0);
  });
});
