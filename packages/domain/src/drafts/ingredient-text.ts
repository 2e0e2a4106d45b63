import type { Ingredient } from '../recipes/recipe.js';
import { amountAtStart, formatQuantity } from './quantity.js';

/**
 * An ingredient as one line of text, the way a recipe shows it: "2–3 small pickles",
 * "250 g flour, sifted". A range is kept first in the note by the reader ("2–3"), the quantity
 * being its lower end; the line shows the range in the quantity's place.
 */
export function ingredientText(ingredient: Ingredient): string {
  let amount = ingredient.quantity === null ? null : formatQuantity(ingredient.quantity);
  let note = ingredient.note;
  if (ingredient.quantity !== null && note) {
    const [first, ...others] = note.split(', ');
    const range = amountAtStart(first ?? '');
    if (
      range &&
      range.max !== null &&
      range.text === first &&
      Math.abs(range.value - ingredient.quantity) < 1e-9
    ) {
      amount = first;
      note = others.length > 0 ? others.join(', ') : null;
    }
  }
  const line = [amount, ingredient.unit, ingredient.name]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return note ? `${line}, ${note}` : line;
}
