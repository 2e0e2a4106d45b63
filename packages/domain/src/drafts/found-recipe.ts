/**
 * What a page says about its recipe, in plain text, before it is read into a draft: the common
 * ground of the three places a recipe is found (JSON-LD, microdata, the page's own headings and
 * lists). Every field may be missing; the draft reader fills the gaps from the next place.
 */
export interface FoundRecipe {
  title: string | null;
  description: string | null;
  /** `recipeYield` values as written: "4", "4 servings", "Makes 12 cookies". */
  yields: string[];
  /** ISO 8601 durations as written ("PT1H30M"), or whatever the page put there. */
  prepTime: string | null;
  cookTime: string | null;
  totalTime: string | null;
  /** Ingredient lines, in groups when the page groups them (an unnamed group otherwise). */
  ingredientGroups: FoundGroup[];
  /** Steps, in sections when the page has them. */
  instructionSections: FoundSection[];
  images: FoundImage[];
  keywords: string[];
  categories: string[];
  cuisines: string[];
  publisherName: string | null;
}

export interface FoundGroup {
  name: string | null;
  lines: string[];
}

export interface FoundSection {
  name: string | null;
  steps: string[];
}

export interface FoundImage {
  url: string;
  width: number | null;
  height: number | null;
}

export function emptyRecipe(): FoundRecipe {
  return {
    title: null,
    description: null,
    yields: [],
    prepTime: null,
    cookTime: null,
    totalTime: null,
    ingredientGroups: [],
    instructionSections: [],
    images: [],
    keywords: [],
    categories: [],
    cuisines: [],
    publisherName: null,
  };
}

export function lineCount(recipe: FoundRecipe): number {
  return recipe.ingredientGroups.reduce((n, g) => n + g.lines.length, 0);
}

export function stepCount(recipe: FoundRecipe): number {
  return recipe.instructionSections.reduce((n, s) => n + s.steps.length, 0);
}
