import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { type Body, as, asInput, createRecipe } from './recipe-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A full recipe body in its stored form (so what is read back equals it exactly); every field differs by `v`. */
function version(v: 'alpha' | 'omega', round: number): Body {
  const n = v === 'alpha' ? 1 : 2;
  return {
    title: `Version ${v} ${round}`,
    description: `Written as ${v}.`,
    servings: n,
    prepMinutes: n * 10,
    cookMinutes: n * 20,
    sourceUrl: `https://${v}.example.com/${round}`,
    sourceName: `${v} kitchen`,
    tags: [`${v}-tag`, `round-${round}-${v}`],
    editPolicy: v === 'alpha' ? 'open' : 'default',
    ingredientGroups: [
      { name: `${v} group`, ingredients: [{ quantity: n, unit: 'g', name: `${v}flour`, note: `${v} note` }] },
      { name: null, ingredients: [{ quantity: null, unit: null, name: `${v}salt`, note: null }] },
    ],
    steps: [
      {
        text: `Mix the ${v}flour for ${n * 5}-${n * 5 + 5} minutes.`,
        references: [{ groupName: `${v} group`, ingredientName: `${v}flour`, word: `${v}flour` }],
        times: [{ phrase: `${n * 5}-${n * 5 + 5} minutes`, seconds: n * 300, maxSeconds: n * 300 + 300 }],
      },
      {
        text: `Season with ${v}salt and rest ${n} hour.`,
        references: [{ groupName: null, ingredientName: `${v}salt`, word: `${v}salt` }],
        times: [{ phrase: `${n} hour`, seconds: n * 3600 }],
      },
    ],
  };
}

test('two PUTs racing on one recipe leave one whole version, never a mix (10 rounds)', async () => {
  const editor = await t.member('admin');
  const recipe = await createRecipe(t, t.owner, { editPolicy: 'open' });
  const winners: string[] = [];
  for (let round = 0; round < 10; round++) {
    const alpha = version('alpha', round);
    const omega = version('omega', round);
    // The owner and an admin save at the same moment (both may change the edit policy too).
    const [a, b] = await Promise.all([
      as(request(t.app).put(`/api/v1/recipes/${recipe.id}`), t.owner).send(alpha),
      as(request(t.app).put(`/api/v1/recipes/${recipe.id}`), editor).send(omega),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);

    const read = await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner);
    const stored = asInput(read.body);
    const winner = stored['title'] === alpha['title'] ? 'alpha' : 'omega';
    expect(stored).toEqual(winner === 'alpha' ? alpha : omega);
    // The rest of the row belongs to the same save: who saved it, and what search finds.
    expect(read.body.updatedBy.id).toBe(winner === 'alpha' ? t.owner.id : editor.id);
    expect(read.body.slug).toBe(`version-${winner}-${round}`);
    for (const v of ['alpha', 'omega'] as const) {
      const found = await as(
        request(t.app)
          .get('/api/v1/recipes')
          .query({ q: `${v}flour` }),
        t.owner,
      );
      expect(found.body.total).toBe(v === winner ? 1 : 0);
    }
    winners.push(winner);
  }
  expect(winners).toHaveLength(10);
});

test('a save racing a delete either lands whole before it or answers 404', async () => {
  for (let round = 0; round < 5; round++) {
    const recipe = await createRecipe(t, t.owner);
    const [put, del] = await Promise.all([
      as(request(t.app).put(`/api/v1/recipes/${recipe.id}`), t.owner).send(version('alpha', round)),
      as(request(t.app).delete(`/api/v1/recipes/${recipe.id}`), t.owner),
    ]);
    expect(del.status).toBe(204);
    expect([200, 404]).toContain(put.status);
    expect((await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner)).status).toBe(404);
  }
});
