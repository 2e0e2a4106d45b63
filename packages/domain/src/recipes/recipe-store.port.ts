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

/** A recipe in a listing, for one reader. */
export interface RecipeCard {
  id: string;
  slug: string;
  title: string;
  tags: string[];
  totalMinutes: number | null;
  coverImageId: string | null;
  createdAt: Date;
  updatedAt: Date;
  favorite: boolean;
  tasty: boolean;
  tastyCount: number;
  newComments: boolean;
  imageCount: number;
  imageBytes: number;
  createdBy: PersonRef | null;
  updatedBy: PersonRef | null;
}

export const RECIPE_SORTS = ['updated', 'created', 'title', 'tasty'] as const;
export type RecipeSort = (typeof RECIPE_SORTS)[number];

export interface CardQuery {
  /** Whose marks the cards show. */
  viewerId: string;
  /** Words to search for (each a prefix), or absent. */
  text?: string | undefined;
  /** Only recipes carrying every one of these tags. */
  tags: string[];
  /** Only recipes whose total time is known and at most this. */
  maxMinutes?: number | undefined;
  /** Only the viewer's favorites. */
  favoritesOnly: boolean;
  /** Only recipes written by this username. */
  author?: string | undefined;
  /** `relevance` orders by how well `text` matches. */
  sort: RecipeSort | 'relevance';
  /** 1-based. */
  page: number;
  limit: number;
}

export interface CardPage {
  items: RecipeCard[];
  total: number;
}

export interface TagCount {
  name: string;
  count: number;
}

export interface AuthorCount {
  person: PersonRef;
  count: number;
}

export interface RecipeRepository {
  /** A recipe with its people and the viewer's marks, by id or by slug. */
  view(key: { id: string } | { slug: string }, viewerId: string): Promise<RecipeView | null>;
  byId(id: string): Promise<Recipe | null>;
  /** Reads the recipe and locks it against other writers until the transaction ends. */
  byIdForUpdate(id: string): Promise<Recipe | null>;
  /** Serialises the choice of slugs until the transaction ends, so two saves never pick the same one. */
  lockSlugs(): Promise<void>;
  /** Slugs in use that equal `base` or are `base` with a suffix (`base-…`). */
  slugsLike(base: string): Promise<string[]>;
  /** Inserts a new recipe; false when its slug is taken. */
  insert(recipe: Recipe): Promise<boolean>;
  /** Replaces the whole recipe row in one statement; false when it is gone. */
  replace(recipe: Recipe): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Marks the recipe a favorite of the account; false when there is no such recipe. */
  addFavorite(recipeId: string, accountId: string, at: Date): Promise<boolean>;
  removeFavorite(recipeId: string, accountId: string): Promise<void>;
  /** Marks the recipe tasty for the account; false when there is no such recipe. */
  addTasty(recipeId: string, accountId: string, at: Date): Promise<boolean>;
  removeTasty(recipeId: string, accountId: string): Promise<void>;
  /** One page of cards and the total count, in a bounded number of queries whatever the page size. */
  cards(query: CardQuery): Promise<CardPage>;
  /** Every tag in use with the number of recipes carrying it, most used first. */
  tagCounts(): Promise<TagCount[]>;
  /** Everyone who wrote a recipe, with how many, most first. */
  authorCounts(): Promise<AuthorCount[]>;
}
