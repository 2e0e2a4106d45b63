import type {
  EditPolicy,
  Ingredient,
  IngredientGroup,
  IngredientRef,
  RecipeContent,
  RecipeInput,
  StepInput,
  StepTime,
} from '../recipes/recipe.js';
import { EDIT_POLICIES } from '../recipes/recipe.js';
import { RECIPE_LIMITS, checkRecipeInput } from '../recipes/recipe-validation.js';
import { ValidationFailed } from '../shared/errors.js';
import {
  type AuthorName,
  RECIPE_FORMAT,
  folderOfDocument,
  isPhotoFile,
  recipeFilePath,
} from './archive-format.js';
import { DocumentRefused, documentRefused, locationIn } from './document-refused.js';
import { checkFormatAndVersion } from './format-version.js';
import { authorIn, dateIn } from './informational-fields.js';
import { type JsonItem, type JsonObject, JsonReader } from './json-fields.js';
import { TRANSFER_LIMITS } from './transfer-limits.js';

/** Every file of an opened archive by name, with its declared size. */
export type ArchiveIndex = ReadonlyMap<string, number>;

/** A photo of an imported recipe: the archive entry holding its original. */
export interface PhotoInArchive {
  entry: string;
  /** As the document states them; informational, the file's own header decides. */
  width: number | null;
  height: number | null;
}

/** One recipe of an archive, read and checked: ready to be created. */
export interface RecipeFromArchive {
  /** Its document, e.g. `recipes/bread/recipe.json`. */
  path: string;
  /** Checked by every recipe rule and tidied as a save would. */
  content: RecipeContent;
  editPolicy: EditPolicy;
  /** In the recipe's order. */
  photos: PhotoInArchive[];
  /** Which of `photos` is the cover; null without photos. */
  coverIndex: number | null;
  /** Where the recipe came from; informational. */
  createdBy: AuthorName | null;
  updatedBy: AuthorName | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/**
 * Reads one recipe document of an archive: its format and version, the type of every field,
 * every recipe rule (`checkRecipeInput`) and its photos, which must be files of the archive's
 * recipe folder. Throws one `DocumentRefused` listing every problem at its place in the document.
 */
export function readRecipeDocument(json: unknown, path: string, archive: ArchiveIndex): RecipeFromArchive {
  const folder = folderOfDocument(path);
  if (folder === null)
    throw documentRefused(path, 'is not the path of a recipe document (recipes/<folder>/recipe.json)');
  const reader = new JsonReader(path);
  const document = reader.root(json);
  if (!document) throw new DocumentRefused(reader.issues);
  checkFormatAndVersion(document, path, RECIPE_FORMAT);

  const typeIssues = reader.issues.length;
  const input = recipeInputOf(document);
  // A field of the wrong type was read as a stand-in ('', 0, []): the rules run on every other.
  const mistyped = reader.issues.slice(typeIssues).map((issue) => issue.location);
  const content = checkedContent(input, reader, mistyped);
  const photos = photosOf(document, folder, archive);
  const coverIndex = coverIndexOf(document, photos);
  const provenance = {
    createdBy: authorIn(document, 'createdBy'),
    createdAt: dateIn(document, 'createdAt'),
    updatedBy: authorIn(document, 'updatedBy'),
    updatedAt: dateIn(document, 'updatedAt'),
  };
  if (content === null || reader.issues.length > 0) throw new DocumentRefused(reader.issues);
  return {
    path,
    content,
    editPolicy: input.editPolicy ?? 'default',
    photos: photos.map(({ entry, width, height }) => ({ entry, width, height })),
    coverIndex,
    ...provenance,
  };
}

function recipeInputOf(document: JsonObject): RecipeInput {
  return {
    title: document.text('title'),
    description: document.text('description', ''),
    servings: document.number('servings'),
    prepMinutes: document.numberOrNull('prepMinutes'),
    cookMinutes: document.numberOrNull('cookMinutes'),
    sourceUrl: document.textOrNull('sourceUrl'),
    sourceName: document.textOrNull('sourceName'),
    tags: document.list('tags', RECIPE_LIMITS.tags).map((item) => document.textItem(item) ?? ''),
    ingredientGroups: document
      .list('ingredientGroups', RECIPE_LIMITS.groups, { required: true })
      .map((item) => groupOf(document, item)),
    steps: document.list('steps', RECIPE_LIMITS.steps).map((item) => stepOf(document, item)),
    editPolicy: editPolicyOf(document),
  };
}

function groupOf(parent: JsonObject, item: JsonItem): IngredientGroup {
  const group = parent.objectItem(item);
  if (!group) return { name: null, ingredients: [] };
  return {
    name: group.textOrNull('name'),
    ingredients: group
      .list('ingredients', RECIPE_LIMITS.ingredientsPerGroup)
      .map((ingredient) => ingredientOf(group, ingredient)),
  };
}

function ingredientOf(parent: JsonObject, item: JsonItem): Ingredient {
  const ingredient = parent.objectItem(item);
  if (!ingredient) return { name: '', note: null, quantity: null, unit: null };
  return {
    name: ingredient.text('name'),
    note: ingredient.textOrNull('note'),
    quantity: ingredient.numberOrNull('quantity'),
    unit: ingredient.textOrNull('unit'),
  };
}

function stepOf(parent: JsonObject, item: JsonItem): StepInput {
  const step = parent.objectItem(item);
  if (!step) return { text: '' };
  return {
    text: step.text('text'),
    references: step
      .list('references', RECIPE_LIMITS.referencesPerStep)
      .map((reference) => referenceOf(step, reference)),
    times: step.list('times', RECIPE_LIMITS.timesPerStep).map((time) => timeOf(step, time)),
  };
}

function referenceOf(parent: JsonObject, item: JsonItem): IngredientRef {
  const reference = parent.objectItem(item);
  if (!reference) return { groupName: null, ingredientName: '', word: '' };
  return {
    groupName: reference.textOrNull('groupName'),
    ingredientName: reference.text('ingredientName'),
    word: reference.text('word'),
  };
}

function timeOf(parent: JsonObject, item: JsonItem): StepTime {
  const time = parent.objectItem(item);
  if (!time) return { phrase: '', seconds: 0 };
  const maxSeconds = time.numberOrNull('maxSeconds');
  return {
    phrase: time.text('phrase'),
    seconds: time.number('seconds'),
    ...(maxSeconds === null ? {} : { maxSeconds }),
  };
}

function editPolicyOf(document: JsonObject): EditPolicy {
  const policy = document.text('editPolicy', 'default');
  if ((EDIT_POLICIES as readonly string[]).includes(policy)) return policy as EditPolicy;
  document.note(document.fieldOf('editPolicy'), `must be one of ${EDIT_POLICIES.join(', ')}`);
  return 'default';
}

/**
 * The recipe rules, their issues moved into the document: `body.steps[0].text` (or
 * `steps[0].text`, as the rules may word it) becomes `recipes/bread/recipe.json: steps[0].text`.
 * What they say of a `mistyped` field (or inside one) is left out: its stand-in is not what the
 * document holds, and the field is listed already.
 */
function checkedContent(
  input: RecipeInput,
  reader: JsonReader,
  mistyped: readonly string[],
): RecipeContent | null {
  try {
    return checkRecipeInput(input);
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    for (const issue of error.issues) {
      const field = issue.location.replace(/^body\./u, '');
      const location = locationIn(reader.path, field);
      const within = (at: string) =>
        location === at || location.startsWith(`${at}.`) || location.startsWith(`${at}[`);
      if (!mistyped.some(within)) reader.note(field, issue.message);
    }
    return null;
  }
}

interface PhotoRead extends PhotoInArchive {
  file: string;
}

/** The photos a document lists: each a file of its own folder, present in the archive, no larger than an upload. */
function photosOf(document: JsonObject, folder: string, archive: ArchiveIndex): PhotoRead[] {
  const photos: PhotoRead[] = [];
  for (const item of document.list('photos', TRANSFER_LIMITS.photosPerRecipe)) {
    const photo = document.objectItem(item);
    if (!photo) continue;
    const file = photo.text('file');
    const at = photo.fieldOf('file');
    const entry = recipeFilePath(folder, file);
    const size = archive.get(entry);
    if (!isPhotoFile(file)) {
      photo.note(at, 'must be photos/ and a plain file name, such as photos/1.jpg');
    } else if (photos.some((other) => other.file === file)) {
      photo.note(at, 'names the same file as another photo');
    } else if (size === undefined) {
      photo.note(at, `names ${entry}, which the archive does not hold`);
    } else if (size > TRANSFER_LIMITS.maxPhotoBytes) {
      photo.note(
        at,
        `names a file of ${size} bytes; a photo may be at most ${TRANSFER_LIMITS.maxPhotoBytes}`,
      );
    }
    photos.push({ file, entry, width: pixelsIn(photo, 'width'), height: pixelsIn(photo, 'height') });
  }
  return photos;
}

function pixelsIn(photo: JsonObject, key: string): number | null {
  const pixels = photo.numberOrNull(key);
  if (pixels !== null && (!Number.isSafeInteger(pixels) || pixels < 1)) {
    photo.note(photo.fieldOf(key), 'must be a whole number of pixels');
    return null;
  }
  return pixels;
}

/** The cover names one of the photos; without one, the first photo is the cover, as after an upload. */
function coverIndexOf(document: JsonObject, photos: readonly PhotoRead[]): number | null {
  const cover = document.textOrNull('cover');
  if (cover === null) return photos.length > 0 ? 0 : null;
  const index = photos.findIndex((photo) => photo.file === cover);
  if (index < 0) document.note(document.fieldOf('cover'), 'must be the file of one of the photos');
  return index < 0 ? null : index;
}
