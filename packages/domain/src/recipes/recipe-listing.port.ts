import type { PersonRef } from '../accounts/account.js';

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

/** Finding recipes: what listings and search read. */
export interface RecipeListingRepository {
  /** One page of cards and the total count, in a bounded number of queries whatever the page size. */
  cards(query: CardQuery): Promise<CardPage>;
  /** Every tag in use with the number of recipes carrying it, most used first. */
  tagCounts(): Promise<TagCount[]>;
  /** Everyone who wrote a recipe, with how many, most first. */
  authorCounts(): Promise<AuthorCount[]>;
  /**
   * Tidies what the store keeps to answer totals quickly (how many recipes, how many hold each
   * word) where it has gathered in pieces; every total stays the same. Safe at any time.
   */
  foldKeptCounts(): Promise<void>;
}
