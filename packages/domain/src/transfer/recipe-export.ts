import type { PersonRef } from '../accounts/account.js';
import type { RecipeImage, RecipeView } from '../recipes/recipe-store.port.js';
import { ingredientGroupsOf, stepsOf } from '../recipes/recipe-content.js';
import { slugBase } from '../recipes/slugs.js';
import type { ArchiveFile } from './archive.port.js';
import {
  ARCHIVE_FORMAT,
  type ArchiveManifest,
  type AuthorName,
  FORMAT_VERSION,
  MANIFEST_PATH,
  RECIPE_FORMAT,
  type RecipeDocument,
  documentText,
  photoFileOf,
  recipeDocumentPath,
  recipeFilePath,
} from './archive-format.js';
import { encodeUtf8 } from './utf8.js';

/** One recipe on its way into an archive. */
export interface RecipeToExport {
  view: RecipeView;
  /**
   * Opens the stored original of one of the recipe's photos, or null when it is gone (deleted
   * since the recipe was read); called only when the archive's writer reaches it.
   */
  openPhoto(imageId: string): Promise<AsyncIterable<Uint8Array> | null>;
}

function authorOf(person: PersonRef | null): AuthorName | null {
  return person && { username: person.username, displayName: person.displayName };
}

/** The recipe's photos in their order. */
export function photosInOrder(view: RecipeView): RecipeImage[] {
  return [...view.images].sort((a, b) => a.position - b.position);
}

/**
 * The document of one recipe. Every field is named here rather than copied, so nothing
 * internal (ids, the reader's marks, who marked it tasty) can slip into an archive.
 */
export function documentOf(
  view: RecipeView,
  photos: readonly RecipeImage[] = photosInOrder(view),
): RecipeDocument {
  const { recipe } = view;
  const coverAt = photos.findIndex((photo) => photo.id === view.coverImageId);
  return {
    format: RECIPE_FORMAT,
    version: FORMAT_VERSION,
    title: recipe.title,
    description: recipe.description,
    servings: recipe.servings,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    sourceUrl: recipe.sourceUrl,
    sourceName: recipe.sourceName,
    tags: [...recipe.tags],
    editPolicy: recipe.editPolicy,
    ingredientGroups: ingredientGroupsOf(recipe.ingredientGroups),
    steps: stepsOf(recipe.steps),
    photos: photos.map((photo, i) => ({ file: photoFileOf(i), width: photo.width, height: photo.height })),
    // A recipe with photos always has a cover; should the store disagree, the first photo is it.
    cover: photos.length === 0 ? null : photoFileOf(Math.max(coverAt, 0)),
    createdBy: authorOf(view.createdBy),
    createdAt: recipe.createdAt.toISOString(),
    updatedBy: authorOf(view.updatedBy),
    updatedAt: recipe.updatedAt.toISOString(),
  };
}

export function manifestOf(documentPaths: string[], exportedAt: Date): ArchiveManifest {
  return {
    format: ARCHIVE_FORMAT,
    version: FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    recipes: documentPaths,
  };
}

/** A slug as it is made: lower-case letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u;

/**
 * Names each recipe's folder after its slug, unique within the archive (`bread`, then
 * `bread-2` should the same slug come twice).
 */
class FolderNames {
  private readonly taken = new Set<string>();

  next(slug: string): string {
    const base = SLUG.test(slug) && slug.length <= 100 ? slug : slugBase(slug);
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}-${n}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * The files of an archive of `recipes`, produced as they are asked for: a recipe is pulled
 * only once the previous one's files are taken, and each photo is opened only when its
 * turn comes; a recipe's document follows its photos. The manifest comes last, when the list
 * of recipes is known.
 */
export async function* archiveFilesOf(
  recipes: AsyncIterable<RecipeToExport>,
  exportedAt: Date,
): AsyncGenerator<ArchiveFile> {
  const folders = new FolderNames();
  const documentPaths: string[] = [];
  for await (const { view, openPhoto } of recipes) {
    const folder = folders.next(view.recipe.slug);
    const documentPath = recipeDocumentPath(folder);
    // The photos first, then the document naming those that were there: a photo (or the whole
    // recipe) deleted while the archive is written is left out, and the archive stays whole.
    const kept: RecipeImage[] = [];
    for (const photo of photosInOrder(view)) {
      const original = await openPhoto(photo.id);
      if (!original) continue;
      yield {
        name: recipeFilePath(folder, photoFileOf(kept.length)),
        content: () => Promise.resolve(original),
      };
      kept.push(photo);
    }
    yield { name: documentPath, content: encodeUtf8(documentText(documentOf(view, kept))) };
    documentPaths.push(documentPath);
  }
  yield { name: MANIFEST_PATH, content: encodeUtf8(documentText(manifestOf(documentPaths, exportedAt))) };
}
