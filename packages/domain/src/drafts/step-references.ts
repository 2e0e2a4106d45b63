import type { IngredientGroup, IngredientRef } from '../recipes/recipe.js';
import { RECIPE_LIMITS } from '../recipes/recipe-validation.js';
import { occursAsWords } from '../recipes/step-text.js';

/**
 * Finds the words of a step that name an ingredient, precision before recall: a word counts
 * only when it is the ingredient's whole name ("olive oil") or the head noun of its name ("flour"
 * for "all-purpose flour"), stands in the step as whole words, and names no other ingredient of
 * the recipe ("oil" is not marked when the recipe has olive oil and sesame oil).
 */

interface Candidate {
  groupName: string | null;
  ingredientName: string;
  /** The full name first, then head nouns. */
  words: string[];
}

/** Head nouns too short or too common to be sure of. */
const TOO_VAGUE = new Set([
  'of',
  'and',
  'or',
  'the',
  'a',
  'an',
  'mix',
  'other',
  'more',
  'some',
  'each',
  'extra',
  'optional',
]);

function variants(word: string): string[] {
  const lower = word.toLowerCase();
  const out = [lower];
  if (/[^s]s$/u.test(lower) && lower.length > 3) out.push(lower.slice(0, -1));
  else if (!lower.endsWith('s')) out.push(`${lower}s`);
  if (lower.endsWith('ies')) out.push(`${lower.slice(0, -3)}y`);
  if (lower.endsWith('oes')) out.push(lower.slice(0, -2));
  return out;
}

/** The words that may name an ingredient: its name, and the last word of each alternative in it. */
function namesOf(name: string): string[] {
  const bare = name
    .replace(/\([^)]*\)/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const out = new Set<string>([bare.toLowerCase()]);
  for (const part of bare.split(/\s*(?:,|\bor\b|\boder\b|\band\b|\bund\b|&|\/)\s*/iu)) {
    const words = part.split(/\s+/u).filter((w) => /\p{L}{3,}/u.test(w));
    const head = words[words.length - 1];
    if (head && !TOO_VAGUE.has(head.toLowerCase()))
      for (const v of variants(head.replace(/[^\p{L}'-]/gu, ''))) out.add(v);
  }
  return [...out].filter((w) => w.length >= 3 && w.length <= RECIPE_LIMITS.word);
}

/** The references a step's text makes to the recipe's ingredients, at most as many as a step may carry. */
export function findReferences(text: string, groups: readonly IngredientGroup[]): IngredientRef[] {
  const candidates: Candidate[] = groups.flatMap((group) =>
    group.ingredients.map((ingredient) => ({
      groupName: group.name,
      ingredientName: ingredient.name,
      words: namesOf(ingredient.name),
    })),
  );
  // How many ingredients each word could name: a word naming two is no reference.
  const owners = new Map<string, number>();
  for (const candidate of candidates) {
    for (const word of candidate.words) owners.set(word, (owners.get(word) ?? 0) + 1);
  }
  const refs: IngredientRef[] = [];
  const lower = text.toLowerCase();
  for (const candidate of candidates) {
    if (refs.length >= RECIPE_LIMITS.referencesPerStep) break;
    const word = candidate.words.find(
      (w) => owners.get(w) === 1 && lower.includes(w) && occursAsWords(text, w),
    );
    if (word === undefined) continue;
    if (
      refs.some(
        (r) =>
          r.ingredientName.toLowerCase() === candidate.ingredientName.toLowerCase() &&
          r.groupName === candidate.groupName,
      )
    )
      continue;
    const written = exactSpelling(text, word);
    refs.push({ groupName: candidate.groupName, ingredientName: candidate.ingredientName, word: written });
  }
  return refs;
}

/** The word as the step writes it ("Flour" at the start of a sentence). */
function exactSpelling(text: string, word: string): string {
  const at = text.toLowerCase().indexOf(word);
  return at === -1 ? word : text.slice(at, at + word.length);
}
