/**
 * Every recipe the rules accept can be saved and found, even one at every limit in a script
 * whose characters take three bytes: what goes into the search vector is bounded.
 */
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** `count` characters of CJK text, a different run for every `seed`. */
function cjk(seed: number, count: number): string {
  return Array.from({ length: count }, (_, i) =>
    String.fromCodePoint(0x4e00 + ((seed * 131 + i * 7) % 20_000)),
  ).join('');
}

it('saves and finds a recipe of 20 groups × 100 distinct 120-character CJK names and 50 long steps', async () => {
  const groups = Array.from({ length: 20 }, (_, g) => ({
    name: `組${g}`,
    ingredients: Array.from({ length: 100 }, (_, i) => ({
      name: cjk(g * 100 + i + 1, 120),
      quantity: 1,
      unit: null,
      note: null,
    })),
  }));
  const steps = Array.from({ length: 50 }, (_, s) => ({ text: cjk(10_000 + s, 2000) }));
  const res = await request(t.app)
    .post('/api/v1/recipes')
    .set('Cookie', t.owner.cookie)
    .send({
      title: 'Festtafel',
      description: cjk(99_999, 2000),
      servings: 12,
      prepMinutes: null,
      cookMinutes: null,
      sourceUrl: null,
      tags: Array.from({ length: 20 }, (_, i) => cjk(50_000 + i, 40)),
      ingredientGroups: groups,
      steps,
    });
  expect(res.status).toBe(201);

  const byTitle = await request(t.app).get('/api/v1/recipes?q=festtafel').set('Cookie', t.owner.cookie);
  expect(byTitle.body.items.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
  const firstName = groups[0]!.ingredients[0]!.name;
  const byIngredient = await request(t.app)
    .get(`/api/v1/recipes?q=${encodeURIComponent(firstName.slice(0, 5))}`)
    .set('Cookie', t.owner.cookie);
  expect(byIngredient.body.items.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
});
