import type { IngredientGroup, RecipeContent, Step } from '../recipes/recipe.js';
import { ingredientGroupsOf, stepsOf } from '../recipes/recipe-content.js';

/** A photo as a public page may show it: no more than its id and size. */
export interface PublicImage {
  id: string;
  width: number;
  height: number;
}

/**
 * A recipe as anyone holding its public link reads it. Deliberately narrow:
 * no ids of the recipe or of people, no slug, no people at all, no comments,
 * no marks — only what the cook needs.
 */
export interface PublicRecipe {
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceName: string | null;
  sourceUrl: string | null;
  tags: string[];
  ingredientGroups: IngredientGroup[];
  steps: Step[];
  coverImageId: string | null;
  images: PublicImage[];
  /** Whether the page names the service at its foot. */
  attribution: boolean;
}

/**
 * Builds the public view field by field (never by spreading the recipe), so a
 * field added to recipes later never leaks through a public link unnoticed.
 */
export function publicViewOf(
  recipe: RecipeContent,
  photos: { coverImageId: string | null; images: readonly PublicImage[] },
  attribution: boolean,
): PublicRecipe {
  return {
    title: recipe.title,
    description: recipe.description,
    servings: recipe.servings,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    sourceName: recipe.sourceName,
    sourceUrl: recipe.sourceUrl,
    tags: [...recipe.tags],
    ingredientGroups: ingredientGroupsOf(recipe.ingredientGroups),
    steps: stepsOf(recipe.steps),
    coverImageId: photos.coverImageId,
    images: photos.images.map((image) => ({ id: image.id, width: image.width, height: image.height })),
    attribution,
  };
}
