import type { Caller } from '../accounts/caller.js';
import type { StoredImage } from './image-store.port.js';
import type { StoredPhoto } from './recipe-image-store.port.js';
import type { RecipeImage } from '../recipes/recipe-store.port.js';
import type { Repositories } from '../store.port.js';
import { recipeNotFound } from '../recipes/recipe-errors.js';
import { abilitiesOf } from '../recipes/recipe-permissions.js';
import { Forbidden, NotFound, removedWhile } from '../shared/errors.js';
import { checkPhotoOrder, checkRoomForPhoto, coverAfterRemoval, coverAfterUpload } from './cover-rules.js';
import { photoKey } from './image-keys.js';
import { storePhotoFiles } from './photo-files.js';
import type { PhotoDependencies } from './photo-dependencies.js';

export type { PhotoDependencies } from './photo-dependencies.js';
import { MAX_PHOTOS_PER_RECIPE } from './image-rules.js';
import { photoRenditionOf } from './renditions.js';

export function photoNotFound(): NotFound {
  return new NotFound('images.not_found', 'No such photo on this recipe.');
}

function imageOf(photo: StoredPhoto): RecipeImage {
  return { id: photo.id, width: photo.width, height: photo.height, position: photo.position };
}

/**
 * A recipe's photos: upload, remove, choose the cover, reorder, read. Whoever may edit
 * the recipe manages its photos. A photo's row and its stored files never disagree: the
 * files are written before the row commits and are queued for removal until it does,
 * and every removed row queues its files (see ImageJanitor).
 */
export class RecipePhotos {
  constructor(private readonly deps: PhotoDependencies) {}

  /**
   * The cheap refusals of an upload, before its bytes are even read: a recipe that is
   * missing, that the caller may not change, or that is full.
   */
  async checkUpload(caller: Caller, recipeId: string): Promise<void> {
    const { store } = this.deps;
    await this.assertEditable(store, caller, recipeId, false);
    checkRoomForPhoto((await store.recipeImages.list(recipeId)).length, MAX_PHOTOS_PER_RECIPE);
  }

  async upload(caller: Caller, recipeId: string, bytes: Uint8Array): Promise<RecipeImage> {
    const { store, clock, janitor } = this.deps;
    // Cheap refusals first: no decoding for a recipe the caller may not change or that is full.
    await this.checkUpload(caller, recipeId);
    const files = await storePhotoFiles(this.deps, recipeId, bytes);
    try {
      return await store.transaction(async (tx) => {
        // The uploader's account stays until the photo is in (removed while it was rendered,
        // nothing is kept: the row names who added it).
        if (!(await tx.accounts.holdIfPresent(caller.account.id))) throw removedWhile('the photo was saved');
        await this.assertEditable(tx, caller, recipeId, true);
        const photos = await tx.recipeImages.list(recipeId);
        checkRoomForPhoto(photos.length, MAX_PHOTOS_PER_RECIPE);
        const position = photos.reduce((next, p) => Math.max(next, p.position + 1), 0);
        const cover = photos.find((p) => p.isCover)?.id ?? null;
        const photo: StoredPhoto = {
          id: files.id,
          recipeId,
          position,
          width: files.width,
          height: files.height,
          bytes: files.bytes,
          isCover: coverAfterUpload(cover, files.id) === files.id,
          createdById: caller.account.id,
          createdAt: clock.now(),
        };
        await tx.recipeImages.insert(photo);
        await tx.imageDeletions.remove(files.intent.id);
        return imageOf(photo);
      });
    } catch (error) {
      // Nothing of a failed upload stays: its files go now, or with a later sweep.
      await janitor.discard(files.intent);
      throw error;
    }
  }

  async remove(caller: Caller, recipeId: string, imageId: string): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      await this.assertEditable(tx, caller, recipeId, true);
      const photos = await tx.recipeImages.list(recipeId);
      const target = photos.find((p) => p.id === imageId);
      if (!target) throw photoNotFound();
      const order = photos.map((p) => p.id);
      const cover = photos.find((p) => p.isCover)?.id ?? null;
      await tx.recipeImages.delete(recipeId, imageId); // queues its files, in this transaction
      await tx.recipeImages.setPositions(
        recipeId,
        order.filter((id) => id !== imageId),
      );
      const nextCover = coverAfterRemoval(order, imageId, cover);
      if (nextCover !== cover) await tx.recipeImages.setCover(recipeId, nextCover);
    });
    await this.deps.janitor.sweep();
  }

  async setCover(caller: Caller, recipeId: string, imageId: string): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      await this.assertEditable(tx, caller, recipeId, true);
      if (!(await tx.recipeImages.find(recipeId, imageId))) throw photoNotFound();
      await tx.recipeImages.setCover(recipeId, imageId);
    });
  }

  async reorder(caller: Caller, recipeId: string, imageIds: readonly string[]): Promise<RecipeImage[]> {
    return this.deps.store.transaction(async (tx) => {
      await this.assertEditable(tx, caller, recipeId, true);
      const photos = await tx.recipeImages.list(recipeId);
      checkPhotoOrder(
        photos.map((p) => p.id),
        imageIds,
      );
      await tx.recipeImages.setPositions(recipeId, imageIds);
      return (await tx.recipeImages.list(recipeId)).map(imageOf);
    });
  }

  /** One rendition of a photo; any other file name, photo or recipe is not found. */
  async file(recipeId: string, imageId: string, file: string): Promise<StoredImage> {
    if (!photoRenditionOf(file)) throw photoNotFound();
    if (!(await this.deps.store.recipeImages.find(recipeId, imageId))) throw photoNotFound();
    const stored = await this.deps.images.get(photoKey(recipeId, imageId, file));
    if (!stored) throw photoNotFound();
    return stored;
  }

  private async assertEditable(
    repos: Repositories,
    caller: Caller,
    recipeId: string,
    lock: boolean,
  ): Promise<void> {
    const recipe = lock ? await repos.recipes.byIdForUpdate(recipeId) : await repos.recipes.byId(recipeId);
    if (!recipe) throw recipeNotFound();
    const { recipesLockedByDefault } = await repos.settings.get();
    if (!abilitiesOf(caller, recipe, recipesLockedByDefault).canEdit) {
      throw new Forbidden('recipes.locked', 'Only members who may edit this recipe change its photos.');
    }
  }
}
