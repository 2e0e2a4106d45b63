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

let words = 0;
/** `count` characters of CJK text in two-character words, no word ever repeated: each its own lexeme. */
function cjk(count: number): string {
  let text = '';
  while (text.length + 3 <= count) {
    const n = words++;
    const word = String.fromCodePoint(0x4e00 + (n % 20_000), 0x4e00 + Math.floor(n / 20_000));
    text += text ? ` ${word}` : word;
  }
  return text;
}

it('saves and finds a recipe of 20 groups × 100 distinct 120-character CJK names and 50 long steps', async () => {
  const groups = Array.from({ length: 20 }, (_, g) => ({
    name: `組${g}`,
    ingredients: Array.from({ length: 100 }, () => ({
      name: cjk(120),
      quantity: 1,
      unit: null,
      note: null,
    })),
  }));
  const steps = Array.from({ length: 50 }, () => ({ text: cjk(2000) }));
  const res = await request(t.app)
    .post('/api/v1/recipes')
    .set('Cookie', t.owner.cookie)
    .send({
      title: 'Festtafel',
      description: cjk(2000),
      servings: 12,
      prepMinutes: null,
      cookMinutes: null,
      sourceUrl: null,
      tags: Array.from({ length: 20 }, () => cjk(40)),
      ingredientGroups: groups,
      steps,
    });
  expect([res.status, res.body.errors?.slice(0, 3)]).toEqual([201, undefined]);

  const byTitle = await request(t.app).get('/api/v1/recipes?q=festtafel').set('Cookie', t.owner.cookie);
  expect(byTitle.body.items.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
  const firstName = groups[0]!.ingredients[0]!.name;
  const byIngredient = await request(t.app)
    .get(`/api/v1/recipes?q=${encodeURIComponent(firstName.split(' ')[0]!)}`)
    .set('Cookie', t.owner.cookie);
  expect(byIngredient.body.items.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
});
