/** A recipe body for tests of any package that call the API. */

export interface Body {
  [field: string]: unknown;
}

/**
 * A valid recipe body with nothing in it that refers to anything else (one ingredient, one step,
 * no references, no times); `changes` replace top-level fields.
 */
export function plainRecipeBody(changes: Body = {}): Body {
  return {
    title: 'Bread',
    description: '',
    servings: 2,
    prepMinutes: null,
    cookMinutes: null,
    sourceUrl: null,
    tags: [],
    ingredientGroups: [
      { name: null, ingredients: [{ quantity: 500, unit: 'g', name: 'flour', note: null }] },
    ],
    steps: [{ text: 'Bake it.' }],
    ...changes,
  };
}
