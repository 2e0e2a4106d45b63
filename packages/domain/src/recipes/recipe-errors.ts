import { NotFound } from '../shared/errors.js';

/** The one answer for a recipe that is not there, wherever it is looked for. */
export function recipeNotFound(): NotFound {
  return new NotFound('recipes.not_found', 'No such recipe.');
}
