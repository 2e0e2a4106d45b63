import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';
import { startTestApp } from '../test-support/test-app.js';
import { type Body, as, asInput, createRecipe } from './recipe-fixtures.js';

let t: TestApp;
let alice: Member;
let bob: Member;
const id: Record<string, string> = {};

function groupOf(...names: string[]) {
  return [{ name: null, ingredients: names.map((name) => ({ quantity: 1, unit: null, name, note: null })) }];
}

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.member('user', 'alice');
  bob = await t.member('user', 'bob');
  const make = async (key: string, who: Member, body: Body) => {
    t.clock.advance(60_000);
    id[key] = (await createRecipe(t, who, body)).id;
  };
  await make('tart', alice, {
    title: 'Lemon tart',
    description: 'Zesty and sharp.',
    tags: ['dessert', 'baking'],
    prepMinutes: 20,
    cookMinutes: 40,
    ingredientGroups: groupOf('lemons', 'butter'),
    steps: [{ text: 'Blind-bake the pastry shell.' }],
  });
  await make('curry', bob, {
    title: 'Chickpea curry',
    description: 'A weeknight staple.',
    tags: ['dinner', 'vegan'],
    prepMinutes: 10,
    cookMinutes: 30,
    ingredientGroups: groupOf('chickpeas', 'coconut milk'),
    steps: [{ text: 'Fry the garam masala until fragrant.' }],
  });
  await make('brulee', alice, {
    title: 'Crème brûlée',
    description: 'Silky custard.',
    tags: ['dessert'],
    prepMinutes: null,
    cookMinutes: null,
    ingredientGroups: groupOf('cream', 'sugar'),
    steps: [{ text: 'Caramelise the top with a torch.' }],
  });
  await make('fritters', t.owner, {
    title: 'Zucchini fritters',
    description: 'Crispy little things.',
    tags: ['vegan', 'snack'],
    prepMinutes: 15,
    cookMinutes: 10,
    ingredientGroups: groupOf('zucchini', 'flour'),
    steps: [{ text: 'Fry in hot oil.' }],
  });
  await make('fish', t.owner, {
    title: 'Baked fish',
    description: 'Simple.',
    tags: ['dinner'],
    prepMinutes: 5,
    cookMinutes: 20,
    ingredientGroups: groupOf('cod'),
    steps: [{ text: 'Squeeze over a lemon and bake.' }],
  });
  // The tart is edited last: it is the most recently updated, yet the first created.
  t.clock.advance(60_000);
  const tart = await as(request(t.app).get(`/api/v1/recipes/${id['tart']}`), alice);
  await as(request(t.app).put(`/api/v1/recipes/${id['tart']}`), alice)
    .send({ ...asInput(tart.body), description: 'Zesty and sharp, with a crisp crust.' })
    .expect(200);
  // Tasty marks: fritters 2, curry 1.
  for (const [key, who] of [
    ['fritters', alice],
    ['fritters', bob],
    ['curry', alice],
  ] as const) {
    await as(request(t.app).put(`/api/v1/recipes/${id[key]}/tasty`), who).expect(204);
  }
});
afterAll(() => t.close());

async function list(query: Record<string, string | number | boolean> = {}, who: Member = t.owner) {
  const res = await as(request(t.app).get('/api/v1/recipes').query(query), who);
  expect(res.status).toBe(200);
  return res.body as { items: Array<Body & { id: string }>; page: number; limit: number; total: number };
}

const keysOf = (items: Array<{ id: string }>) =>
  items.map((c) => Object.keys(id).find((k) => id[k] === c.id) ?? c.id);

describe('the page', () => {
  test('answers {items, page, limit, total} of cards, 24 a page by default', async () => {
    const res = await as(request(t.app).get('/api/v1/recipes'), t.owner);
    expect(res.body.$schema).toMatch(/\/schemas\/Page\.json$/);
    expect(res.body).toMatchObject({ page: 1, limit: 24, total: 5 });
    const brulee = res.body.items.find((c: { id: string }) => c.id === id['brulee']);
    expect(brulee).toEqual({
      id: id['brulee'],
      slug: 'creme-brulee',
      title: 'Crème brûlée',
      tags: ['dessert'],
      totalMinutes: null,
      coverImageId: null,
      updatedAt: expect.any(String),
      favorite: false,
      tastyCount: 0,
      tasty: false,
      newComments: false,
      imageCount: 0,
      imageBytes: 0,
      createdBy: {
        id: alice.id,
        username: 'alice',
        displayName: 'alice',
        color: expect.any(String),
        avatarId: null,
      },
      updatedBy: {
        id: alice.id,
        username: 'alice',
        displayName: 'alice',
        color: expect.any(String),
        avatarId: null,
      },
    });
    const tart = res.body.items.find((c: { id: string }) => c.id === id['tart']);
    expect(tart.totalMinutes).toBe(60);
  });

  test('pages split the result; a page past the end is empty but still counts', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list({ limit: 2, page, sort: 'created' })));
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.flatMap((p) => keysOf(p.items))).toEqual(['fish', 'fritters', 'brulee', 'curry', 'tart']);
    expect(pages[1]).toMatchObject({ page: 2, limit: 2 });
  });

  test.each([100_001, 2 ** 31, 2 ** 53 - 1])(
    'a page however far past the end (%d) is an empty page that still counts, also in a search',
    async (page) => {
      for (const query of [
        { page, limit: 100 },
        { page, limit: 100, q: 'curry' },
      ]) {
        const res = await as(request(t.app).get('/api/v1/recipes').query(query), t.owner);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ items: [], page, limit: 100 });
        expect(res.body.total).toBe(query.q ? 1 : 5);
      }
    },
  );

  test.each([
    [{ limit: 0 }, 'query.limit'],
    [{ limit: 101 }, 'query.limit'],
    [{ page: 0 }, 'query.page'],
    [{ sort: 'random' }, 'query.sort'],
    [{ maxMinutes: -1 }, 'query.maxMinutes'],
    [{ q: 'x'.repeat(101) }, 'query.q'],
  ])('a bad parameter %o is 422 at %s', async (query, location) => {
    const res = await as(request(t.app).get('/api/v1/recipes').query(query), t.owner);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { location: string }) => e.location)).toContain(location);
  });

  test.each(['0x10', '1e1', '0b11', '5.0', '%205', '%20', '+5'])(
    'limit=%s is no integer written as one: 422 at query.limit',
    async (written) => {
      const res = await as(request(t.app).get(`/api/v1/recipes?limit=${written}`), t.owner);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ location: 'query.limit', message: 'must be integer' }]);
    },
  );

  test('a parameter sent empty counts as not sent (as a form sends its blank fields)', async () => {
    const res = await as(
      request(t.app).get('/api/v1/recipes?q=&tags=&maxMinutes=&favorites=&author=&sort=&page=&limit='),
      t.owner,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 24, total: 5 });
    expect(keysOf(res.body.items)).toEqual(keysOf((await list()).items));
    const blankAndSet = await as(request(t.app).get('/api/v1/recipes?limit=&sort=title&page='), t.owner);
    expect(keysOf(blankAndSet.body.items)).toEqual(keysOf((await list({ sort: 'title' })).items));
  });
});

describe('search', () => {
  test.each([
    ['lemon', ['tart', 'fish'], 'title, and step text'],
    ['LEMO', ['tart', 'fish'], 'a prefix, any case'],
    ['zesty', ['tart'], 'description'],
    ['chickp', ['curry'], 'ingredient name, as a prefix'],
    ['coconut', ['curry'], 'ingredient name'],
    ['masala', ['curry'], 'step text'],
    ['vegan', ['curry', 'fritters'], 'tag'],
    ['brûl', ['brulee'], 'accented words'],
    ['vegan crispy', ['fritters'], 'every word must match'],
    ['fry', ['curry', 'fritters'], 'step text of two recipes'],
    ['nothing-like-this', [], 'no match'],
  ])('q=%s finds %j (%s)', async (q, expected) => {
    const page = await list({ q, sort: 'title' });
    expect(keysOf(page.items).sort()).toEqual([...expected].sort());
    expect(page.total).toBe(expected.length);
  });

  test('without a sort, the best matches come first: a title beats a step', async () => {
    expect(keysOf((await list({ q: 'lemon' })).items)).toEqual(['tart', 'fish']);
    expect(keysOf((await list({ q: 'lemon', sort: 'updated' })).items)).toEqual(['tart', 'fish']);
    expect(keysOf((await list({ q: 'lemon', sort: 'created' })).items)).toEqual(['fish', 'tart']);
  });

  test.each([
    "':*&|!()",
    'lemon:* | chick',
    '!lemon',
    "'",
    '\\',
    '<->',
    'a & | b',
    "lemon' | 'x",
    '(((',
    '%_',
    '🍋',
  ])('hostile q %j answers 200', async (q) => {
    const res = await as(request(t.app).get('/api/v1/recipes').query({ q }), t.owner);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(expect.any(Array));
  });

  test.each(['\u0000', 'lemon\u0000tart'])(
    'q %j holding NUL is refused at the edge: 422 at query.q',
    async (q) => {
      const res = await as(request(t.app).get('/api/v1/recipes').query({ q }), t.owner);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        { location: 'query.q', message: 'must not contain control characters (NUL)' },
      ]);
    },
  );

  test('operator characters are no operators: "lemon:* | chick" needs both words', async () => {
    expect((await list({ q: 'lemon:* | chick' })).total).toBe(0);
    expect(keysOf((await list({ q: '!lemon' })).items)).toEqual(['tart', 'fish']);
    // Text with no word in it searches for nothing in particular.
    expect((await list({ q: "':*&|!()" })).total).toBe(5);
  });

  test('accents aside: "creme brulee" finds "Crème brûlée", and a word written with accents finds it without', async () => {
    expect(keysOf((await list({ q: 'creme brulee' })).items)).toEqual(['brulee']);
    expect(keysOf((await list({ q: 'CRÈME' })).items)).toEqual(['brulee']);
    expect(keysOf((await list({ q: 'crême brûlee' })).items)).toEqual(['brulee']);
    const zucchini = await list({ q: 'zücchini' });
    expect(keysOf(zucchini.items)).toEqual(['fritters']);
    expect(zucchini.total).toBe(1);
  });

  test('search follows edits: a replaced recipe is found by its new words only', async () => {
    const created = await createRecipe(t, t.owner, { title: 'Temporary porridge', tags: ['breakfast'] });
    expect((await list({ q: 'porridge' })).total).toBe(1);
    await as(request(t.app).put(`/api/v1/recipes/${created.id}`), t.owner)
      .send({ ...asInput(created), title: 'Temporary muesli' })
      .expect(200);
    expect((await list({ q: 'porridge' })).total).toBe(0);
    expect((await list({ q: 'muesli' })).total).toBe(1);
    await as(request(t.app).delete(`/api/v1/recipes/${created.id}`), t.owner).expect(204);
    expect((await list({ q: 'muesli' })).total).toBe(0);
  });
});

describe('filters', () => {
  test('tags: all of the comma-separated tags, in any case', async () => {
    expect(keysOf((await list({ tags: 'dessert', sort: 'title' })).items)).toEqual(['brulee', 'tart']);
    expect(keysOf((await list({ tags: 'dessert,baking' })).items)).toEqual(['tart']);
    expect(keysOf((await list({ tags: 'Dessert , BAKING' })).items)).toEqual(['tart']);
    expect((await list({ tags: 'dessert,vegan' })).total).toBe(0);
  });

  test('tags: more than 20, or one over 40 characters, match nothing rather than being refused', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`).join(',');
    const tooMany = await list({ tags: `dessert,${many}` });
    expect([tooMany.total, tooMany.items, tooMany.page, tooMany.limit]).toEqual([0, [], 1, 24]);
    expect((await list({ tags: 'd'.repeat(41) })).total).toBe(0);
    expect((await list({ tags: `dessert,${'d'.repeat(41)}` })).total).toBe(0);
    // 20 tags of 40 characters are an ordinary filter.
    expect(
      (await list({ tags: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(40, 'x')).join(',') })).total,
    ).toBe(0);
    expect(keysOf((await list({ tags: 'dessert,baking' })).items)).toEqual(['tart']);
  });

  test('maxMinutes: total time known and at most that', async () => {
    expect(keysOf((await list({ maxMinutes: 40, sort: 'title' })).items)).toEqual([
      'fish',
      'curry',
      'fritters',
    ]);
    expect(keysOf((await list({ maxMinutes: 25, sort: 'title' })).items)).toEqual(['fish', 'fritters']);
    expect((await list({ maxMinutes: 0 })).total).toBe(0);
  });

  test('author: by username, in any case; an unknown one matches nothing', async () => {
    expect(keysOf((await list({ author: 'alice', sort: 'title' })).items)).toEqual(['brulee', 'tart']);
    expect(keysOf((await list({ author: 'ALICE', sort: 'title' })).items)).toEqual(['brulee', 'tart']);
    expect((await list({ author: 'nobody' })).total).toBe(0);
  });

  test('filters combine', async () => {
    expect(
      keysOf((await list({ author: 'owner', tags: 'dinner', maxMinutes: 30, q: 'baked' })).items),
    ).toEqual(['fish']);
    expect((await list({ author: 'bob', tags: 'dessert' })).total).toBe(0);
  });
});

describe('sorting', () => {
  test('updated (the default): most recently changed first', async () => {
    expect(keysOf((await list()).items)).toEqual(['tart', 'fish', 'fritters', 'brulee', 'curry']);
    expect(keysOf((await list({ sort: 'updated' })).items)).toEqual([
      'tart',
      'fish',
      'fritters',
      'brulee',
      'curry',
    ]);
  });

  test('created, also called newest: most recently created first', async () => {
    const expected = ['fish', 'fritters', 'brulee', 'curry', 'tart'];
    expect(keysOf((await list({ sort: 'created' })).items)).toEqual(expected);
    expect(keysOf((await list({ sort: 'newest' })).items)).toEqual(expected);
  });

  test('title: alphabetical, accents and case aside', async () => {
    expect(keysOf((await list({ sort: 'title' })).items)).toEqual([
      'fish',
      'curry',
      'brulee',
      'tart',
      'fritters',
    ]);
  });

  test('tasty: most tasty marks first', async () => {
    expect(keysOf((await list({ sort: 'tasty' })).items).slice(0, 2)).toEqual(['fritters', 'curry']);
  });
});

describe('tags and authors', () => {
  test('GET /tags counts recipes per tag, most used first', async () => {
    const res = await as(request(t.app).get('/api/v1/tags'), bob);
    expect(res.status).toBe(200);
    expect(res.body.$schema).toMatch(/TagList\.json$/);
    expect(res.body.items).toEqual([
      { name: 'dessert', count: 2 },
      { name: 'dinner', count: 2 },
      { name: 'vegan', count: 2 },
      { name: 'baking', count: 1 },
      { name: 'snack', count: 1 },
    ]);
  });

  test('GET /authors counts recipes per author, with their person fields', async () => {
    const res = await as(request(t.app).get('/api/v1/authors'), bob);
    expect(res.status).toBe(200);
    expect(res.body.$schema).toMatch(/AuthorList\.json$/);
    expect(res.body.items).toEqual([
      { username: 'alice', displayName: 'alice', color: expect.any(String), avatarId: null, count: 2 },
      { username: 'owner', displayName: 'owner', color: expect.any(String), avatarId: null, count: 2 },
      { username: 'bob', displayName: 'bob', color: expect.any(String), avatarId: null, count: 1 },
    ]);
  });
});

describe('queries per listing', () => {
  test('a page of 50 cards costs as many queries as a page of 5 (no query per card)', async () => {
    const people = [alice, bob, t.owner];
    for (let i = 0; i < 50; i++) {
      const who = people[i % 3]!;
      const created = await createRecipe(t, who, { title: `Bulk dish ${i}`, tags: ['bulk'] });
      if (i % 2 === 0)
        await as(request(t.app).put(`/api/v1/recipes/${created.id}/favorite`), t.owner).expect(204);
      if (who !== t.owner)
        await as(request(t.app).put(`/api/v1/recipes/${created.id}/tasty`), t.owner).expect(204);
    }
    const cost = async (query: Record<string, string | number>) => {
      let page: { items: unknown[] } = { items: [] };
      const n = await t.queries.during(async () => {
        page = await list({ tags: 'bulk', ...query });
      });
      return { n, size: page.items.length };
    };
    for (const extra of [{}, { q: 'bulk dish', sort: 'tasty' }, { sort: 'title' }]) {
      // Both measured requests find the caller the same way (the session read may be cached).
      await list({ tags: 'bulk', limit: 1 });
      const small = await cost({ limit: 5, ...extra });
      const large = await cost({ limit: 50, ...extra });
      expect(small.size).toBe(5);
      expect(large.size).toBe(50);
      expect(large.n).toBe(small.n);
      // Finding the caller plus one query for the page and everything on its cards.
      expect(large.n).toBeLessThanOrEqual(3);
    }
  });
});
