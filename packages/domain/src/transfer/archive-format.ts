import type { EditPolicy, IngredientGroup, Step } from '../recipes/recipe.js';

/**
 * Version 1 of the recipe archive (docs/transfer.md): a manifest at the root, and one folder
 * per recipe holding its document and its photos' original files.
 *
 *     larder.json
 *     recipes/bread/recipe.json
 *     recipes/bread/photos/1.jpg
 *     recipes/bread/photos/2.jpg
 */
export const FORMAT_VERSION = 1;
export const ARCHIVE_FORMAT = 'larder-recipes';
export const RECIPE_FORMAT = 'larder-recipe';
export const MANIFEST_PATH = 'larder.json';

/** `larder.json`: what the archive is and which recipes it holds. */
export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof FORMAT_VERSION;
  /** ISO 8601. */
  exportedAt: string;
  /** Paths of the recipe documents, e.g. `recipes/bread/recipe.json`. */
  recipes: string[];
}

/** Who wrote or last changed a recipe, by name: ids mean nothing in another household. */
export interface AuthorName {
  username: string;
  displayName: string;
}

export interface PhotoFile {
  /** Relative to the recipe's folder, e.g. `photos/1.jpg`. */
  file: string;
  width: number;
  height: number;
}

/** `recipe.json`: everything a recipe carries, without ids, comments or anyone's marks. */
export interface RecipeDocument {
  format: typeof RECIPE_FORMAT;
  version: typeof FORMAT_VERSION;
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceUrl: string | null;
  sourceName: string | null;
  tags: string[];
  editPolicy: EditPolicy;
  ingredientGroups: IngredientGroup[];
  steps: Step[];
  /** In the recipe's order. */
  photos: PhotoFile[];
  /** The `file` of the cover photo; null without photos. */
  cover: string | null;
  createdBy: AuthorName | null;
  /** ISO 8601. */
  createdAt: string;
  updatedBy: AuthorName | null;
  updatedAt: string;
}

/** A folder or file name inside the archive: letters, digits, `.`, `_`, `-`, never leading with a dot. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/u;

export function isArchiveSegment(name: string): boolean {
  return SEGMENT.test(name);
}

/** A file of the recipe whose folder is `recipes/<folder>/`. */
export function recipeFilePath(folder: string, file: string): string {
  return `recipes/${folder}/${file}`;
}

export function recipeDocumentPath(folder: string): string {
  return recipeFilePath(folder, 'recipe.json');
}

/** The folder of a recipe document's path (`bread` for `recipes/bread/recipe.json`), or null when it is no such path. */
export function folderOfDocument(documentPath: string): string | null {
  const folder = /^recipes\/([^/]+)\/recipe\.json$/u.exec(documentPath)?.[1];
  return folder !== undefined && isArchiveSegment(folder) ? folder : null;
}

/** The photo at `index` (from 0) of a recipe, relative to its folder: `photos/1.jpg` first. */
export function photoFileOf(index: number): string {
  return `photos/${index + 1}.jpg`;
}

/** A photo's file as a document names it: `photos/` and one plain name. */
export function isPhotoFile(file: string): boolean {
  return file.startsWith('photos/') && isArchiveSegment(file.slice('photos/'.length));
}

/** JSON as the archive holds it: two-space indents and a final line end, in UTF-8. */
export function documentText(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
