/** Recipe bodies and calls shared by the recipe tests. */
import request from 'supertest';
import type { Body } from '../test-support/recipe-body.js';
import type { Member, TestApp } from '../test-support/test-app.js';

export { type Body, plainRecipeBody } from '../test-support/recipe-body.js';

/** A complete, valid recipe body; `changes` replace top-level fields. */
export function recipeBody(changes: Body = {}): Body {
  return {
    title: 'Tomato soup',
    description: 'A quick soup for cold evenings.',
    servings: 4,
    prepMinutes: 10,
    cookMinutes: 25,
    sourceUrl: null,
    tags: ['soup', 'vegetarian'],
    ingredientGroups: [
      {
        name: null,
        ingredients: [
          { quantity: 800, unit: 'g', name: 'tomatoes', note: 'ripe' },
          { quantity: 1, unit: null, name: 'onion', note: null },
        ],
      },
      { name: 'Topping', ingredients: [{ quantity: 50, unit: 'ml', name: 'cream', note: null }] },
    ],
    steps: [
      {
        text: 'Chop the onion and the tomatoes.',
        references: [
          { groupName: null, ingredientName: 'onion', word: 'onion' },
          { groupName: null, ingredientName: 'tomatoes', word: 'tomatoes' },
        ],
      },
      {
        text: 'Simmer for 20-25 minutes, then rest 5 min.',
        times: [
          { phrase: '20-25 minutes', seconds: 1200, maxSeconds: 1500 },
          { phrase: '5 min', seconds: 300 },
        ],
      },
      {
        text: 'Serve with a swirl of cream.',
        references: [{ groupName: 'Topping', ingredientName: 'cream', word: 'cream' }],
      },
    ],
    ...changes,
  };
}

/** Authorization of a member's session or of a raw API token. */
export function as(req: request.Test, who: Member | string): request.Test {
  return typeof who === 'string' ? req.set('Authorization', `Bearer ${who}`) : req.set('Cookie', who.cookie);
}

/** Creates a recipe as `who` and answers the created recipe; fails the test on anything but 201. */
export async function createRecipe(
  t: TestApp,
  who: Member | string,
  changes: Body = {},
): Promise<Body & { id: string; slug: string }> {
  const res = await as(request(t.app).post('/api/v1/recipes'), who).send(recipeBody(changes));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The body of a recipe answer as it can be sent back in a PUT. */
export function asInput(recipe: Body): Body {
  const fields = [
    'title',
    'description',
    'servings',
    'prepMinutes',
    'cookMinutes',
    'sourceUrl',
    'sourceName',
    'tags',
    'ingredientGroups',
    'steps',
    'editPolicy',
  ];
  return Object.fromEntries(fields.filter((f) => f in recipe).map((f) => [f, recipe[f]]));
}

/** An answer without its `$schema` (its origin changes with every supertest request). */
export function bare(body: Body): Body {
  const { $schema: _schema, ...rest } = body;
  return rest;
}
