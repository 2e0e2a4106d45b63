import type { Caller } from '../accounts/caller.js';
import type { PendingImageDeletion } from '../photos/image-deletion-store.port.js';
import { photoKey } from '../photos/image-keys.js';
import type { PhotoDependencies } from '../photos/photo-dependencies.js';
import { type StoredPhotoFiles, storePhotoFiles } from '../photos/photo-files.js';
import type { Recipe } from '../recipes/recipe.js';

import { withFreeSlug } from '../recipes/slugs.js';
import { DomainError, NotAuthenticated, NotFound, ValidationFailed } from '../shared/errors.js';
import type { Clock } from '../shared/clock.port.js';
import { addMs } from '../shared/time.js';
import { ArchiveRefused, type ZipArchives } from './archive.port.js';
import { RecipeArchive } from './archive-reading.js';
import { archiveFilesOf, type RecipeToExport } from './recipe-export.js';
import { TRANSFER_LIMITS, type TransferLimits } from './transfer-limits.js';

/** How many recipes one export request may name (a whole household goes through the admin command). */
export const EXPORT_LIMIT = 500;

/**
 * How long an import's temporary files may go untouched before they count as left behind by a
 * process that stopped: a running import touches them every minute.
 */
const LEFTOVER_AGE_MS = 10 * 60 * 1000;

export interface TransferDependencies extends PhotoDependencies {
  archives: ZipArchives;
  clock: Clock;
}

/** A recipe an import created. */
export interface ImportedRecipe {
  id: string;
  slug: string;
  title: string;
}

/**
 * A recipe of an import whose document was checked: where it is, and its photos' entries. Its
 * content is read again when it is created, so an import holds one document at a time.
 */
interface CheckedRecipe {
  document: string;
  photos: string[];
}

/** Reports how far a long transfer has come (the admin command's progress bar). */
export type TransferProgress = (done: number, total: number) => void;

/** A photo an export left out because its original is not in the image store (its row is there). */
export interface MissingPhoto {
  recipeId: string;
  recipeTitle: string;
  imageId: string;
}

/** What an export is told as it goes: how far it came, and each photo it had to leave out. */
export interface ExportReports {
  progress?: TransferProgress;
  /**
   * A photo whose stored original is gone (deleted from the disk or the bucket behind Larder's
   * back, or a database and photos restored from different moments): the recipe is exported
   * without it, and the export goes on.
   */
  missingPhoto?: (photo: MissingPhoto) => void;
}

/** The importer's account was deleted during the import. */
function importerGone(): NotAuthenticated {
  return new NotAuthenticated(undefined, 'Your account was deleted during the import; nothing was imported.');
}

/**
 * Moving recipes with their photos as a zip (docs/transfer.md). An export is written as it is
 * produced and holds one photo at a time; an import is all or nothing: every document is checked
 * before anything is created, photos are stored first and removed again when anything fails,
 * and the rows go in one transaction. Comments, favorites and tasty marks never travel.
 */
export class RecipeTransfer {
  constructor(private readonly deps: TransferDependencies) {}

  /**
   * The archive of these recipes as `viewerId` sees them, produced as it is read. Refuses an empty
   * list (422) and unknown ids (404) before the first byte. A photo whose original is missing from
   * the image store is left out and reported (`reports.missingPhoto`): one lost file does not cost
   * the whole archive. A store that cannot be read (an outage) still fails the export.
   */
  async export(
    recipeIds: readonly string[],
    viewerId: string,
    reports: ExportReports = {},
  ): Promise<AsyncIterable<Uint8Array>> {
    const ids = [...new Set(recipeIds)];
    if (ids.length === 0) {
      throw new ValidationFailed([{ location: 'recipeIds', message: 'must name at least one recipe' }]);
    }
    const existing = new Set(await this.deps.store.recipes.existing(ids));
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      throw new NotFound('recipes.not_found', `No such recipe: ${missing.slice(0, 5).join(', ')}.`);
    }
    return this.deps.archives.write(
      archiveFilesOf(
        this.recipesToExport(ids, viewerId, reports.progress ?? (() => undefined), reports.missingPhoto),
        this.deps.clock.now(),
      ),
    );
  }

  /** Every recipe of the household, for a whole backup: their ids a page at a time. */
  async allRecipeIds(): Promise<string[]> {
    const ids: string[] = [];
    for (let after: string | null = null; ;) {
      const page = await this.deps.store.recipes.ids(after, 1000);
      ids.push(...page);
      if (page.length < 1000) return ids;
      after = page[page.length - 1] ?? null;
    }
  }

  private async *recipesToExport(
    ids: readonly string[],
    viewerId: string,
    progress: TransferProgress,
    missingPhoto: (photo: MissingPhoto) => void = () => undefined,
  ): AsyncGenerator<RecipeToExport> {
    const { store, images } = this.deps;
    for (const [index, id] of ids.entries()) {
      if (index > 0) progress(index, ids.length);
      const view = await store.recipes.view({ id }, viewerId);
      // Deleted while the export was being written: the archive leaves it out.
      if (!view) continue;
      yield {
        view,
        openPhoto: async (imageId) => {
          const stream = await images.stream(photoKey(id, imageId, 'original.jpg'));
          if (stream) return stream;
          // Deleted since the recipe was read (the photo, or the whole recipe): left out.
          if (!(await store.recipeImages.find(id, imageId))) return null;
          // Its row is there, its file is not: left out too, and said.
          missingPhoto({ recipeId: id, recipeTitle: view.recipe.title, imageId });
          return null;
        },
      };
    }
    progress(ids.length, ids.length);
  }

  /**
   * Creates the recipes of an uploaded archive (as `caller`, now), all or nothing: the upload is
   * spooled and checked (`ArchiveTooLarge`, `ArchiveRefused` naming the entry), every document is
   * read and checked (`DocumentRefused` at its place in the document), every photo must be an image
   * the photo rules accept, and fresh slugs are chosen where a slug is taken.
   */
  async import(
    caller: Caller,
    upload: AsyncIterable<Uint8Array>,
    progress: TransferProgress = () => undefined,
    limits: TransferLimits = TRANSFER_LIMITS,
  ): Promise<ImportedRecipe[]> {
    const archive = await this.deps.archives.open(upload, limits);
    try {
      const recipes = new RecipeArchive(archive, limits);
      const checked: CheckedRecipe[] = [];
      for (const document of await recipes.documents()) {
        const { photos } = await recipes.recipe(document);
        checked.push({ document, photos: photos.map((photo) => photo.entry) });
      }
      return await this.create(caller, recipes, checked, progress);
    } finally {
      await archive.close();
    }
  }

  private async create(
    caller: Caller,
    archive: RecipeArchive,
    recipes: CheckedRecipe[],
    progress: TransferProgress,
  ): Promise<ImportedRecipe[]> {
    const { store, clock, secrets, janitor } = this.deps;
    const stored: Array<{ recipeId: string; document: string; photos: StoredPhotoFiles[] }> = [];
    const intents: PendingImageDeletion[] = [];
    const total = recipes.reduce((sum, r) => sum + 1 + r.photos.length, 0);
    let done = 0;
    try {
      // Photos first, one at a time: each is read, checked and stored under its new recipe.
      for (const { document, photos: entries } of recipes) {
        const recipeId = secrets.newId();
        const photos: StoredPhotoFiles[] = [];
        for (const entry of entries) {
          const bytes = await archive.photo(entry);
          const files = await this.storePhoto(recipeId, bytes, entry);
          intents.push(files.intent);
          photos.push(files);
          progress(++done, total);
        }
        stored.push({ recipeId, document, photos });
      }
      const now = clock.now();
      const created = await store.transaction(async (tx) => {
        // The importer's account stays until the recipes are in; deleted before, nothing is created.
        if (!(await tx.accounts.holdIfPresent(caller.account.id))) throw importerGone();
        const out: ImportedRecipe[] = [];
        const slugsTaken = new Map<string, Set<string>>();
        for (const { recipeId, document, photos } of stored) {
          // Read again, as it was checked: only one document is held at a time.
          const from = await archive.recipe(document);
          const recipe = await withFreeSlug(
            tx,
            from.content.title,
            undefined,
            async (slug) => {
              const candidate: Recipe = {
                ...from.content,
                id: recipeId,
                slug,
                editPolicy: from.editPolicy,
                createdById: caller.account.id,
                updatedById: caller.account.id,
                createdAt: now,
                updatedAt: now,
              };
              const outcome = await tx.recipes.insert(candidate);
              // The importer's account is held above, so it cannot be gone; if it were, nothing stays.
              if (outcome === 'author_gone') throw importerGone();
              return outcome === 'inserted' ? candidate : 'taken';
            },
            slugsTaken,
          );
          for (const [position, files] of photos.entries()) {
            await tx.recipeImages.insert({
              id: files.id,
              recipeId,
              position,
              width: files.width,
              height: files.height,
              bytes: files.bytes,
              isCover: position === (from.coverIndex ?? 0),
              createdById: caller.account.id,
              createdAt: now,
            });
            await tx.imageDeletions.remove(files.intent.id);
          }
          out.push({ id: recipe.id, slug: recipe.slug, title: recipe.title });
          progress(++done, total);
        }
        return out;
      });
      return created;
    } catch (error) {
      // Nothing of a failed import stays: the photos stored so far go now, or with a later sweep.
      for (const intent of intents) await janitor.discard(intent);
      throw error;
    }
  }

  /**
   * Removes the spooled uploads of imports that no longer run (a service stopped or killed in the
   * middle of one); never those of an import under way, here or in another process. Never throws.
   */
  async removeLeftovers(): Promise<number> {
    const { archives, clock } = this.deps;
    try {
      return await archives.removeLeftovers(addMs(clock.now(), -LEFTOVER_AGE_MS));
    } catch {
      return 0;
    }
  }

  /** Stores one photo of the archive, its problems named after its entry. */
  private async storePhoto(recipeId: string, bytes: Uint8Array, entry: string): Promise<StoredPhotoFiles> {
    try {
      return await storePhotoFiles(this.deps, recipeId, bytes, { keepOriginal: true });
    } catch (error) {
      if (error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'unsupported')) {
        const reason =
          error instanceof ValidationFailed ? (error.issues[0]?.message ?? error.message) : error.message;
        throw new ArchiveRefused(`is not a photo Larder accepts: ${reason}`, entry);
      }
      throw error;
    }
  }
}
