import type { FoundRecipe } from './found-recipe.js';

/**
 * Facts a page states in its text rather than its markup: "Serves 4", "Prep time: 15 minutes",
 * "Kochzeit 20 Min.". Each pattern's first group is the value as written.
 */

export const YIELD =
  /(?:serves|servings|yield|yields|makes|portions?|portionen|personen|personnes|porties|porciones)\s*:?\s*(\d+(?:\s*[-–]\s*\d+)?)/iu;

export const TIME_FIELDS: Array<[keyof Pick<FoundRecipe, 'prepTime' | 'cookTime' | 'totalTime'>, RegExp]> = [
  [
    'prepTime',
    /(?:prep(?:aration)?\s*time|vorbereitung(?:szeit)?|arbeitszeit)\s*:?\s*((?:\d+\s*\p{L}+\.?\s*){1,3})/iu,
  ],
  [
    'cookTime',
    /(?:cook(?:ing)?\s*time|bake\s*time|kochzeit|backzeit|garzeit)\s*:?\s*((?:\d+\s*\p{L}+\.?\s*){1,3})/iu,
  ],
  ['totalTime', /(?:total\s*time|gesamtzeit)\s*:?\s*((?:\d+\s*\p{L}+\.?\s*){1,3})/iu],
];
