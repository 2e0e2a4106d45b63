import type { PersonRef } from '../accounts/account.js';
import type { Recipe } from './recipe.js';

/** A photo as a recipe answer lists it (photos fill these in). */
export interface RecipeImage {
  id: string;
  width: number;
  height: number;
  position: number;
}

/** One recipe as one reader sees it, read in one query. */
export interface RecipeView {
  recipe: Recipe;
  /** null when the account is gone. */
  createdBy: PersonRef | null;
  updatedBy: PersonRef | null;
  /** Everyone who marked it tasty, in the order they did. */
  tastyBy: PersonRef[];
  /** The reader's own marks. */
  favorite: boolean;
  tasty: boolean;
  /** The household's `recipesLockedByDefault` at the moment of reading. */
  lockedByDefault: boolean;
  images: RecipeImage[];
  coverImageId: string | null;
  imageCount: number;
  imageBytes: number;
}

/** A recipe as a draft names the one the household has of the same page. */
export interface RecipeOfSource {
  id: string;
  slug: string;
  title: string;
  createdBy: PersonRef | null;
}

/**
 * How setting a mark went: `missing` when there is no such recipe (any more), `account_gone` when
 * the marking account was deleted by another request meanwhile (nothing kept).
 */
export type MarkOutcome = 'marked' | 'missing' | 'account_gone';

export interface RecipeRepository {
  /**
   * A recipe with its people and the viewer's marks, by id or by slug: the slug it has now, or
   * one it had before a title change (when no recipe has that slug now).
   */
  view(key: { id: string } | { slug: string }, viewerId: string): Promise<RecipeView | null>;
  byId(id: string): Promise<Recipe | null>;
  /** Which of these ids name a recipe. */
  existing(ids: readonly string[]): Promise<string[]>;
  /** The first recipe made from the page whose `sourceKey` this is. */
  bySourceKey(key: string): Promise<RecipeOfSource | null>;
  /** Every recipe's id, oldest first, `limit` at a time after `afterId` (for whole-household exports). */
  ids(afterId: string | null, limit: number): Promise<string[]>;
  /** Reads the recipe and locks it against other writers until the transaction ends. */
  byIdForUpdate(id: string): Promise<Recipe | null>;
  /**
   * The recipe as `view` gives it (its people, the viewer's marks, photos, the household's
   * default lock), its row locked against other writers until the transaction ends.
   */
  viewForUpdate(id: string, viewerId: string): Promise<RecipeView | null>;
  /** Slugs in use that equal `base` or are `base` with a suffix (`base-…`). */
  slugsLike(base: string): Promise<string[]>;
  /**
   * Inserts a new recipe; `slug_taken` when its slug is taken (the transaction goes on),
   * `author_gone` when its author's account was deleted meanwhile (nothing written).
   */
  insert(recipe: Recipe): Promise<'inserted' | 'slug_taken' | 'author_gone'>;
  /**
   * Replaces the whole recipe row in one statement: `missing` when it is gone, `slug_taken` when
   * another recipe has its slug (nothing changed, the transaction goes on). With `kept` the row
   * keeps the slug it has (`recipe.slug` is that slug and is not written again), so nothing can
   * clash and the statement needs no way back. With `unchangedSince` the row is written only while
   * its `updatedAt` is still that moment (the version the save was checked on); otherwise `missing`.
   * `author_gone` when the account of `updatedById` was deleted meanwhile (nothing written).
   */
  replace(
    recipe: Recipe,
    slug: 'kept' | 'chosen',
    unchangedSince?: Date,
  ): Promise<'replaced' | 'missing' | 'slug_taken' | 'author_gone'>;
  delete(id: string): Promise<boolean>;
  /** Marks the recipe a favorite of the account (again: no change). */
  addFavorite(recipeId: string, accountId: string, at: Date): Promise<MarkOutcome>;
  removeFavorite(recipeId: string, accountId: string): Promise<void>;
  /** Marks the recipe tasty for the account (again: no change). */
  addTasty(recipeId: string, accountId: string, at: Date): Promise<MarkOutcome>;
  removeTasty(recipeId: string, accountId: string): Promise<void>;
}
