import type { EditPolicy } from '../recipes/recipe.js';
import type { RecipeOfSource } from '../recipes/recipe-store.port.js';
import type { DraftReading, ReviewLine } from './draft-reading.js';

/** The recipe inside a draft: a whole recipe input, ready for POST /recipes as it is. */
export type DraftRecipe = Omit<DraftReading, 'review' | 'tags' | 'photoUrl' | 'truncated'> & {
  /** Only tags the household already uses; the rest are in `suggestedTags`. */
  tags: string[];
  editPolicy: EditPolicy;
};

/** Lets the member who made a draft see the photo it found, for a short while. */
export interface DraftPhotoTicket {
  /** The photo's address on the page's site. */
  src: string;
  token: string;
  expiresAt: Date;
}

/** A recipe read from a page or a text, unsaved: a proposal the member checks and saves. */
export interface RecipeDraft {
  recipe: DraftRecipe;
  /** Ingredient lines the reader was unsure of, by index into `recipe.ingredientGroups`. */
  review: ReviewLine[];
  /** The page's keywords that are not tags in this household yet: suggested, never applied. */
  suggestedTags: string[];
  photo: DraftPhotoTicket | null;
  /** A recipe the household already made from the same page. */
  duplicate: RecipeOfSource | null;
  /** Something was cut to the recipe limits. */
  truncated: boolean;
}
