import type { IngredientGroup, RecipeContent, Step } from './recipe.js';

/**
 * A recipe's content copied field by field, never by spreading: every view of a recipe (the
 * member's answer, the public page, the stored row, an export) starts from these, so a field
 * added later shows up nowhere until it is added here on purpose.
 */
export function ingredientGroupsOf(groups: readonly IngredientGroup[]): IngredientGroup[] {
  return groups.map((group) => ({
    name: group.name,
    ingredients: group.ingredients.map((i) => ({
      quantity: i.quantity,
      unit: i.unit,
      name: i.name,
      note: i.note,
    })),
  }));
}

/** Steps with their references and times; `maxSeconds` only where the time is a range. */
export function stepsOf(steps: readonly Step[]): Step[] {
  return steps.map((step) => ({
    text: step.text,
    references: step.references.map((r) => ({
      groupName: r.groupName,
      ingredientName: r.ingredientName,
      word: r.word,
    })),
    times: step.times.map((t) =>
      t.maxSeconds === undefined || t.maxSeconds === null
        ? { phrase: t.phrase, seconds: t.seconds }
        : { phrase: t.phrase, seconds: t.seconds, maxSeconds: t.maxSeconds },
    ),
  }));
}

/** Everything a member writes of a recipe, copied. */
export function contentOf(recipe: RecipeContent): RecipeContent {
  return {
    title: recipe.title,
    description: recipe.description,
    servings: recipe.servings,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    sourceUrl: recipe.sourceUrl,
    sourceName: recipe.sourceName,
    tags: [...recipe.tags],
    ingredientGroups: ingredientGroupsOf(recipe.ingredientGroups),
    steps: stepsOf(recipe.steps),
  };
}
