import type { PersonRef } from '../src/accounts/account.js';
import type { RecipeView } from '../src/recipes/recipe-store.port.js';
import type { Recipe } from '../src/recipes/recipe.js';

export const ANNA: PersonRef = {
  id: 'acc-anna',
  username: 'anna',
  displayName: 'Anna Berg',
  color: 'teal',
  avatarId: 'avatar-anna',
};
export const BEN: PersonRef = {
  id: 'acc-ben',
  username: 'ben',
  displayName: 'Ben',
  color: 'plum',
  avatarId: null,
};

/** A recipe that uses every field: two groups, references, a single time and a range. */
export function breadRecipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    id: 'rec-bread',
    slug: 'bread',
    title: 'Country bread',
    description: 'A crusty loaf.',
    servings: 8,
    prepMinutes: 30,
    cookMinutes: 45,
    sourceUrl: 'https://www.example.com/bread',
    sourceName: 'example.com',
    tags: ['baking', 'vegan'],
    ingredientGroups: [
      {
        name: null,
        ingredients: [
          { name: 'flour', note: 'strong', quantity: 500, unit: 'g' },
          { name: 'salt', note: null, quantity: 10, unit: 'g' },
        ],
      },
      { name: 'Starter', ingredients: [{ name: 'water', note: null, quantity: 0.35, unit: 'l' }] },
    ],
    steps: [
      {
        text: 'Mix the flour with the water and rest 30 minutes.',
        references: [
          { groupName: null, ingredientName: 'flour', word: 'flour' },
          { groupName: 'Starter', ingredientName: 'water', word: 'water' },
        ],
        times: [{ phrase: '30 minutes', seconds: 1800 }],
      },
      {
        text: 'Bake 40-45 minutes.',
        references: [],
        times: [{ phrase: '40-45 minutes', seconds: 2400, maxSeconds: 2700 }],
      },
    ],
    editPolicy: 'open',
    createdById: ANNA.id,
    updatedById: BEN.id,
    createdAt: new Date('2026-01-02T10:00:00.000Z'),
    updatedAt: new Date('2026-02-03T11:30:00.000Z'),
    ...overrides,
  };
}

/** The bread as its author's housemate reads it, with three photos stored out of order and the second the cover. */
export function breadView(overrides: Partial<RecipeView> = {}): RecipeView {
  return {
    recipe: breadRecipe(),
    createdBy: ANNA,
    updatedBy: BEN,
    tastyBy: [BEN],
    favorite: true,
    tasty: true,
    lockedByDefault: false,
    images: [
      { id: 'img-c', width: 800, height: 600, position: 2 },
      { id: 'img-a', width: 1200, height: 900, position: 0 },
      { id: 'img-b', width: 600, height: 800, position: 1 },
    ],
    coverImageId: 'img-b',
    imageCount: 3,
    imageBytes: 123_456,
    ...overrides,
  };
}
