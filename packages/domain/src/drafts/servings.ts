import { RECIPE_LIMITS } from '../recipes/recipe-validation.js';

/** Servings when the page does not say how many: the most common number in recipes. */
export const DEFAULT_SERVINGS = 4;

/** Yields that count something other than portions: "0.75 cups", "1 loaf", "2 litres" say nothing of servings. */
const NOT_PORTIONS =
  /^\s*(?:cups?|c\.|l|liters?|litres?|ml|quarts?|pints?|gallons?|oz|ounces?|lbs?|pounds?|g|grams?|kg|tbsp|tsp|tablespoons?|teaspoons?|jars?|loaf|loaves|batch(?:es)?|pans?)\b/iu;

/**
 * A yield's first number, with a minus before it (not after a letter or digit: "4-6" is a range), the
 * upper end of a range, and the rest.
 */
const YIELD = /(?:(?<![\p{L}\p{N}])([-−]))?(\d+(?:[.,]\d+)?)(?:\s*(?:-|–|to|bis|or|à|a)\s*(\d+))?([\s\S]*)/iu;

/**
 * Servings from the page's yield: "4", "4 servings", "Serves 4-6" (the upper end: the amounts
 * feed that many), "Makes 12 cookies", ["6", "6 servings"], "Für 4 Personen". The first yield that
 * counts portions or pieces as a whole number from 1 to 99 wins (a number below zero counts
 * none); null when none does.
 */
export function servingsOf(yields: readonly string[]): number | null {
  for (const text of yields) {
    const match = YIELD.exec(text);
    if (!match) continue;
    // "-3 servings" is no number of servings.
    if (match[1] !== undefined) continue;
    const value = Number((match[3] ?? match[2]!).replace(',', '.'));
    if (!Number.isInteger(value) || value < RECIPE_LIMITS.servingsMin || value > RECIPE_LIMITS.servingsMax)
      continue;
    if (NOT_PORTIONS.test(match[4]!)) continue;
    return value;
  }
  return null;
}
