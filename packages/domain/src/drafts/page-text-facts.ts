import type { FoundRecipe } from './found-recipe.js';

/**
 * Facts a page states in its text rather than its markup: "Serves 4", "Prep time: 15 minutes",
 * "Kochzeit 20 Min.". Each pattern's first group is the value as written.
 */

/** The words that say a yield: "Serves 4", "Servings: 8", "Yield: 2 loaves", "Makes 12". */
const YIELD_LABEL = String.raw`(?:serves|servings|yield|yields|makes|portions?|portionen|personen|personnes|porties|porciones)`;

/**
 * A yield with its label: the number (or range) and the word after it, which says what is counted
 * ("2 loaves" counts no portions).
 */
const YIELD = new RegExp(
  String.raw`(?<!\p{L})${YIELD_LABEL}\s*:?\s*(\d+(?:\s*[-–]\s*\d+)?(?:\s*\p{L}+)?)`,
  'iu',
);

/** What stands before a label that states a fact: nothing but marks, or a part of a line of facts ("Prep 10 min | Serves 4"). */
const BEFORE_FACT = /(?:^[^\p{L}\p{N}]*|[|·•;]\s*)$/u;

export interface TextYield {
  /** The yield as written, with the word after the number: "4", "2 loaves", "12 cookies". */
  yields: string;
  /** Whether a label states it as a fact ("Servings: 8"), not a sentence ("One batch makes 2 cups"). */
  stated: boolean;
}

/** The yield a text of the page states, if any. */
export function yieldInText(text: string): TextYield | null {
  const match = YIELD.exec(text);
  return match ? { yields: match[1]!, stated: BEFORE_FACT.test(text.slice(0, match.index)) } : null;
}

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
