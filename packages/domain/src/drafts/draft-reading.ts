import type { IngredientGroup, StepInput } from '../recipes/recipe.js';

/** One ingredient line the reader was unsure of, kept as it stood on the page. */
export interface ReviewLine {
  /** Indexes into `recipe.ingredientGroups` and its `ingredients`. */
  group: number;
  ingredient: number;
  line: string;
}

/**
 * What the reader made of a page or a pasted text, before the household is consulted (tags in
 * use, duplicates, the photo): every field a recipe input has, plus what needs a second look.
 * Every value obeys the recipe rules (lengths, counts, step times, references), so the draft can
 * be saved as it is; whatever the limits cut is reported by `truncated`.
 */
export interface DraftReading {
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceUrl: string | null;
  sourceName: string | null;
  ingredientGroups: IngredientGroup[];
  steps: Array<
    Required<Pick<StepInput, 'text'>> & {
      references: NonNullable<StepInput['references']>;
      times: NonNullable<StepInput['times']>;
    }
  >;
  /** Lines parsed with doubt: shown to the member for a check, never silently changed. */
  review: ReviewLine[];
  /** The page's keywords, categories and cuisines, lower case, each once (not yet split into known and new). */
  tags: string[];
  /** The page's image address (absolute), if any. */
  photoUrl: string | null;
  /** True when a limit (length, count) cut anything. */
  truncated: boolean;
}
