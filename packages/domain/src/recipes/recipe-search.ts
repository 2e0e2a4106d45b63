import type { Caller } from '../accounts/caller.js';
import type { AuthorCount, CardPage, RecipeSort, TagCount } from './recipe-listing.port.js';
import type { CoreDependencies } from '../core-dependencies.js';
import { characterCount, tidy } from '../shared/text.js';
import { RECIPE_LIMITS, tagOf } from './recipe-validation.js';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** `newest` is another name for `created`. */
export const SORT_NAMES = ['updated', 'created', 'newest', 'title', 'tasty'] as const;
export type SortName = (typeof SORT_NAMES)[number];

export interface RecipeListing {
  /** Words to search for in titles, descriptions, ingredients, tags and steps; each matches as a prefix. */
  q?: string | undefined;
  /** Only recipes carrying all of these tags. */
  tags?: string[] | undefined;
  maxMinutes?: number | undefined;
  /** Only the caller's own favorites. */
  favorites?: boolean | undefined;
  /** Only recipes written by this username. */
  author?: string | undefined;
  /** Default `updated`; with `q` and no sort, the best matches come first. */
  sort?: SortName | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

/** Search text without control characters (NUL cannot even reach the database). */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return tidy(text.replace(/[\u0000-\u001F\u007F]/gu, ' '));
}

export interface RecipeListingPage extends CardPage {
  page: number;
  limit: number;
}

/** Finding recipes: the card listing with search and filters, tags and authors. */
export class RecipeSearch {
  constructor(private readonly deps: Pick<CoreDependencies, 'store'>) {}

  async list(caller: Caller, listing: RecipeListing): Promise<RecipeListingPage> {
    const page = Math.max(1, Math.trunc(listing.page ?? 1));
    const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(listing.limit ?? DEFAULT_PAGE_SIZE)));
    const q = clean(listing.q ?? '');
    // Text with no letter or digit in it (say `':*&|!()`) searches for nothing in particular.
    const text = /[\p{L}\p{N}]/u.test(q) ? q : undefined;
    const named = listing.sort === 'newest' ? 'created' : listing.sort;
    const sort: RecipeSort | 'relevance' = named ?? (text ? 'relevance' : 'updated');
    const tags = [...new Set((listing.tags ?? []).map((t) => tagOf(clean(t))).filter((t) => t !== ''))];
    const author = clean(listing.author ?? '') || undefined;
    // A recipe keeps at most 20 tags of at most 40 characters: a filter asking for more tags, or
    // a longer one, is no error (the reference answers it 200) but matches nothing.
    if (tags.length > RECIPE_LIMITS.tags || tags.some((t) => characterCount(t) > RECIPE_LIMITS.tag)) {
      return { items: [], total: 0, page, limit };
    }
    const result = await this.deps.store.recipeListing.cards({
      viewerId: caller.account.id,
      text,
      tags,
      maxMinutes: listing.maxMinutes,
      favoritesOnly: listing.favorites === true,
      author,
      sort,
      page,
      limit,
    });
    // What comments (`newComments`) and photos (`coverImageId`, `imageCount`, `imageBytes`)
    // add to a card comes with the cards query itself, never a query per card.
    return { ...result, page, limit };
  }

  tags(): Promise<TagCount[]> {
    return this.deps.store.recipeListing.tagCounts();
  }

  authors(): Promise<AuthorCount[]> {
    return this.deps.store.recipeListing.authorCounts();
  }
}
