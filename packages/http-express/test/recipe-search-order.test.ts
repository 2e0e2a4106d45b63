/**
 * A search for one word in its own order reads its pages off `recipe_words_ranked` (per spelling
 * the first few in order, merged), a search of several words gathers every match. Both must give
 * exactly the order the rules name — best place of any matching word (title, then tags and
 * ingredients, then description, then steps), then the newest created, then the id — page
 * after page, for prefixes matching one spelling or many, with recipes carrying several spellings
 * in different places. The oracle here reads the recipes' own search documents, not the index.
 */
import { sql } from 'kysely';
import request from 'supertest';
import type { TestApp } from '../test-support/test-app.js';
import { startTestApp } from '../test-support/test-app.js';
import { as, asInput, createRecipe } from './recipe-fixtures.js';

let t: TestApp;

/** Spellings sharing prefixes: "pan" matches five of them, "panc" two, "p" all. */
const WORDS = ['pan', 'pancake', 'pancetta', 'panna', 'pans', 'plum', 'pear', 'cake', 'cakes'];

/** A small deterministic generator, so that a failure can be replayed. */
function numbers(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const next = numbers(11);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const words = (n: number) => Array.from({ length: n }, pick).join(' ');
  for (let i = 0; i < 48; i++) {
    // Some recipes share a clock tick (ties on the time, broken by the id), most do not.
    if (next() < 0.7) t.clock.advance(1000);
    await createRecipe(t, t.owner, {
      title: `${next() < 0.3 ? `${pick()} ` : ''}dish ${i}`,
      description: next() < 0.5 ? words(2) : '',
      tags: next() < 0.3 ? [pick()] : [],
      ingredientGroups: [
        {
          name: null,
          ingredients: [{ quantity: 1, unit: null, name: next() < 0.4 ? pick() : 'salt', note: null }],
        },
      ],
      steps: [{ text: next() < 0.6 ? `Stir ${words(2)}.` : 'Stir.' }],
    });
  }
});
afterAll(() => t.close());

/** Every recipe matching all the words, in the order the rules name, from the search documents. */
async function expected(words: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select r.id from recipes r
    cross join lateral (
      select min(w) as best, count(distinct q.word) as found
      from unnest(${words}::text[]) q(word)
      join unnest(r.search) u on starts_with(u.lexeme, q.word)
      cross join lateral unnest(u.weights) w) b
    where b.found = ${words.length}
    order by b.best, r.created_at desc, r.id`.execute(t.database.db);
  return rows.map((r) => r.id);
}

async function everyPage(q: string, limit: number): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const res = await as(request(t.app).get('/api/v1/recipes').query({ q, limit, page }), t.owner);
    expect(res.status).toBe(200);
    totals.push(res.body.total);
    ids.push(...res.body.items.map((c: { id: string }) => c.id));
    if (res.body.items.length < limit) return { ids, totals };
  }
}

test.each([
  ['pan', 'a prefix of five spellings'],
  ['panc', 'a prefix of two'],
  ['pancake', 'one spelling, also a prefix of none other'],
  ['cake', 'a spelling that is also the prefix of another'],
  ['p', 'one letter: every spelling but the cakes'],
  ['dish', 'every recipe, each by its title'],
  ['stir', 'every recipe, each by a step'],
  ['pan cake', 'two words, both needed'],
  ['pan p', 'two words, one a prefix of the other (one spelling of a recipe may answer both)'],
  ['cake cakes pear', 'three words'],
  ['pan pan', 'a word twice'],
  ['zzz', 'nothing'],
])('q=%s (%s): every page in order, the total on each', async (q, _what) => {
  const want = await expected([...new Set(q.split(' '))]);
  for (const limit of [1, 5, 7, 100]) {
    const { ids, totals } = await everyPage(q, limit);
    expect(ids).toEqual(want);
    expect(new Set(totals)).toEqual(new Set([want.length]));
  }
});

test('a recipe created later leads its equals; a save moves none, and its words are found at once', async () => {
  const before = await expected(['pancetta']);
  t.clock.advance(60_000);
  const made = await createRecipe(t, t.owner, { title: 'dish late', steps: [{ text: 'Add pancetta.' }] });
  const after = (await everyPage('pancetta', 3)).ids;
  expect(after).toEqual(await expected(['pancetta']));
  expect(after).toHaveLength(before.length + 1);
  // Among the recipes with the word in a step, the newest leads.
  const inSteps = after.filter((id) => !before.includes(id) || id === made.id);
  expect(inSteps).toEqual([made.id]);

  // An older recipe saved now keeps its place among its equals, with its new words found at once
  // and its old ones no more.
  const older = before[before.length - 1]!;
  const current = await as(request(t.app).get(`/api/v1/recipes/${older}`), t.owner).expect(200);
  t.clock.advance(60_000);
  await as(request(t.app).put(`/api/v1/recipes/${older}`), t.owner)
    .send({ ...asInput(current.body), description: `${String(current.body.description)} quince` })
    .expect(200);
  expect((await everyPage('pancetta', 3)).ids).toEqual(after);
  expect((await everyPage('quince', 5)).ids).toEqual([older]);
  await as(request(t.app).put(`/api/v1/recipes/${older}`), t.owner)
    .send({ ...asInput(current.body) })
    .expect(200);
  expect((await everyPage('quince', 5)).ids).toEqual([]);
  expect((await everyPage('pancetta', 3)).ids).toEqual(after);
});
