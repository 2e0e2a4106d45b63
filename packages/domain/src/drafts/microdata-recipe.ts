import type { FoundRecipe } from './found-recipe.js';
import type { JsonLdGraph, JsonNode } from './json-ld.js';
import type { MicrodataItem } from './page-content.js';
import { recipeFromNode } from './schema-recipe.js';

/** A microdata item as the JSON-LD node it describes: `itemtype`s as `@type`, properties as values. */
function asNode(item: MicrodataItem, depth = 0): JsonNode {
  const node: JsonNode = { '@type': item.types.map((type) => type.replace(/^.*[/#]/u, '')) };
  for (const [name, values] of Object.entries(item.properties)) {
    node[name] = values.map((value) =>
      typeof value === 'string' || depth > 8 ? value : asNode(value, depth + 1),
    );
  }
  return node;
}

function isRecipe(item: MicrodataItem): boolean {
  return item.types.some((type) => /(?:^|[/#])Recipe$/iu.test(type));
}

/** Every Recipe item, nested ones included. */
function recipeItems(items: readonly MicrodataItem[], depth = 0): MicrodataItem[] {
  const found: MicrodataItem[] = [];
  for (const item of items) {
    if (isRecipe(item)) found.push(item);
    if (depth > 8) continue;
    for (const values of Object.values(item.properties)) {
      found.push(
        ...recipeItems(
          values.filter((v): v is MicrodataItem => typeof v !== 'string'),
          depth + 1,
        ),
      );
    }
  }
  return found;
}

function ingredientCount(item: MicrodataItem): number {
  return Math.max(
    (item.properties['recipeIngredient'] ?? []).length,
    (item.properties['ingredients'] ?? []).length,
  );
}

/** The page's recipe in microdata (schema.org or data-vocabulary.org), the one with the most ingredients; null when none. */
export function recipeFromMicrodata(items: readonly MicrodataItem[]): FoundRecipe | null {
  const recipes = recipeItems(items);
  if (recipes.length === 0) return null;
  const best = recipes.reduce((a, b) => (ingredientCount(b) > ingredientCount(a) ? b : a));
  const graph: JsonLdGraph = { nodes: [], byId: new Map() };
  return recipeFromNode(asNode(best), graph);
}
