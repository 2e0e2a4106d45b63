import pg from 'pg';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { asInput, createRecipe } from './recipe-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function retitle(id: string, title: string) {
  const current = await request(t.app).get(`/api/v1/recipes/${id}`).set('Cookie', t.owner.cookie);
  const res = await request(t.app)
    .put(`/api/v1/recipes/${id}`)
    .set('Cookie', t.owner.cookie)
    .send({ ...asInput(current.body), title });
  expect(res.status).toBe(200);
  return res.body as { slug: string; title: string };
}

test.each([
  ['Crème brûlée', 'creme-brulee'],
  ['Großmutters Käsespätzle', 'grossmutters-kasespatzle'],
  ['Smørrebrød & Æbleskiver', 'smorrebrod-and-aebleskiver'],
  ['Łódź-style Pierogi', 'lodz-style-pierogi'],
  ['  Pasta   al   Forno!!  ', 'pasta-al-forno'],
  ['Ｆｕｌｌ width ﬁsh', 'full-width-fish'],
  ['炒饭', 'recipe'],
])('the title "%s" gives the slug %s', async (title, slug) => {
  const created = await createRecipe(t, t.owner, { title });
  expect(created.slug).toBe(slug);
});

test('slugs are bounded in length and cut between words', async () => {
  const title = 'Very long '.repeat(20).trim();
  const created = await createRecipe(t, t.owner, { title });
  expect(created.slug.length).toBeLessThanOrEqual(80);
  expect(created.slug).toMatch(/^very-long(-very|-long)*$/);
});

test('a slug is unique in the household: -2, -3 on collisions, from any member', async () => {
  const member = await t.member();
  const first = await createRecipe(t, t.owner, { title: 'Banana bread' });
  const second = await createRecipe(t, member, { title: 'Banana Bread' });
  const third = await createRecipe(t, t.owner, { title: 'banana bread!' });
  expect([first.slug, second.slug, third.slug]).toEqual(['banana-bread', 'banana-bread-2', 'banana-bread-3']);
  const bySlug = await request(t.app)
    .get('/api/v1/recipes/by-slug/banana-bread-2')
    .set('Cookie', t.owner.cookie);
  expect(bySlug.body.id).toBe(second.id);
});

test('recipes created at the same moment never share a slug', async () => {
  const answers = await Promise.all(
    Array.from({ length: 6 }, () =>
      request(t.app)
        .post('/api/v1/recipes')
        .set('Cookie', t.owner.cookie)
        .send({
          title: 'Race cake',
          description: '',
          servings: 1,
          prepMinutes: null,
          cookMinutes: null,
          sourceUrl: null,
          tags: [],
          ingredientGroups: [{ name: null, ingredients: [] }],
          steps: [],
        }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
  const slugs = answers.map((a) => a.body.slug as string).sort();
  expect(slugs).toEqual([
    'race-cake',
    'race-cake-2',
    'race-cake-3',
    'race-cake-4',
    'race-cake-5',
    'race-cake-6',
  ]);
});

test('the slug stays across edits that keep the title, or change only its case and punctuation', async () => {
  const created = await createRecipe(t, t.owner, { title: 'Apple pie' });
  await createRecipe(t, t.owner, { title: 'Apple pie' }); // apple-pie-2
  const current = await request(t.app).get(`/api/v1/recipes/${created.id}`).set('Cookie', t.owner.cookie);
  const edited = await request(t.app)
    .put(`/api/v1/recipes/${created.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ ...asInput(current.body), description: 'Changed.' });
  expect(edited.body.slug).toBe('apple-pie');
  expect((await retitle(created.id, 'APPLE PIE!')).slug).toBe('apple-pie');
});

test('a new title gives a new slug; the old slug still leads to the recipe until another recipe takes it', async () => {
  const bySlug = (slug: string) =>
    request(t.app).get(`/api/v1/recipes/by-slug/${slug}`).set('Cookie', t.owner.cookie);
  const created = await createRecipe(t, t.owner, { title: 'Plum cake' });
  const renamed = await retitle(created.id, 'Damson cake');
  expect(renamed.slug).toBe('damson-cake');
  // The old address (a bookmark, a chat link) answers the recipe under its new slug.
  const old = await bySlug('plum-cake');
  expect([old.status, old.body.id, old.body.slug]).toEqual([200, created.id, 'damson-cake']);
  expect((await bySlug('damson-cake')).body.id).toBe(created.id);
  // A new recipe may take the slug: the current slug always wins, also over what was cached.
  const next = await createRecipe(t, t.owner, { title: 'Plum cake' });
  expect(next.slug).toBe('plum-cake');
  expect((await bySlug('plum-cake')).body.id).toBe(next.id);
  // A recipe renamed back takes its old slug again; a deleted recipe's slugs name nothing.
  const again = await createRecipe(t, t.owner, { title: 'Quince cake' });
  await retitle(again.id, 'Medlar cake');
  expect((await retitle(again.id, 'Quince cake')).slug).toBe('quince-cake');
  expect((await bySlug('medlar-cake')).body.id).toBe(again.id);
  await request(t.app).delete(`/api/v1/recipes/${again.id}`).set('Cookie', t.owner.cookie).expect(204);
  expect((await bySlug('medlar-cake')).status).toBe(404);
  expect((await bySlug('quince-cake')).status).toBe(404);
});

test('a title whose number goes gets the new base: "Pie 2024" renamed "Pie" is pie, not pie-2024', async () => {
  const created = await createRecipe(t, t.owner, { title: 'Rhubarb pie 2024' });
  expect(created.slug).toBe('rhubarb-pie-2024');
  expect((await retitle(created.id, 'Rhubarb pie')).slug).toBe('rhubarb-pie');
  expect(
    (await request(t.app).get('/api/v1/recipes/by-slug/rhubarb-pie').set('Cookie', t.owner.cookie)).body.id,
  ).toBe(created.id);
});

test('a new title that collides gets the next free suffix, and a -2 recipe keeps its slug when its title stays', async () => {
  await createRecipe(t, t.owner, { title: 'Fish stew' });
  const other = await createRecipe(t, t.owner, { title: 'Seafood stew' });
  expect((await retitle(other.id, 'Fish Stew')).slug).toBe('fish-stew-2');
  expect((await retitle(other.id, 'Fish stew')).slug).toBe('fish-stew-2');
});

test('recipes retitled to the same title at the same moment never share a slug', async () => {
  const a = await createRecipe(t, t.owner, { title: 'First of two' });
  const b = await createRecipe(t, t.owner, { title: 'Second of two' });
  const [x, y] = await Promise.all([retitle(a.id, 'Twin tart'), retitle(b.id, 'Twin tart')]);
  expect([x.slug, y.slug].sort()).toEqual(['twin-tart', 'twin-tart-2']);
});

test('a save waits on no lock of the whole household: only on a save of the same slug', async () => {
  if (t.database.kind !== 'pg') {
    // One connection (PGlite): saves take turns anyway; the slug rules above hold all the same.
    expect(t.database.kind).toBe('pglite');
    return;
  }
  // Another instance's save, under way: it has written "Held stew" and not committed yet. It holds
  // the household-wide slug lock saves took before 1.2 (an instance not yet upgraded does).
  const held = new pg.Client({ connectionString: t.database.url });
  await held.connect();
  try {
    await held.query('begin');
    await held.query('select pg_advisory_xact_lock(7310221000)');
    await held.query(
      `insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
       values ('held-1', 'held-stew', 'Held stew', 'held stew', 1, now(), now(), ''::tsvector)`,
    );
    // A save of another title goes through while that one is open.
    const other = await createRecipe(t, t.owner, { title: 'Free bread' });
    expect(other.slug).toBe('free-bread');
    // A save of the same title waits for it alone, and takes the next slug once it commits.
    const same = createRecipe(t, t.owner, { title: 'Held stew' });
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      for (;;) {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
    await held.query('commit');
    expect((await same).slug).toBe('held-stew-2');
  } finally {
    await held.end();
  }
});

test('a save of the recipe as read is one statement and its notice; slugs are looked up only when the base is taken', async () => {
  const created = await createRecipe(t, t.owner, { title: 'Counted soup' });
  await createRecipe(t, t.owner, { title: 'Counted broth' });
  const path = `/api/v1/recipes/${created.id}`;
  const read = () => request(t.app).get(path).set('Cookie', t.owner.cookie).expect(200);
  const save = async (title: string) => {
    // Each save follows a read, as in the web app: the recipe is in the read cache.
    const current = await read();
    let slug = '';
    const statements = await t.queries.during(async () => {
      const res = await request(t.app)
        .put(path)
        .set('Cookie', t.owner.cookie)
        .send({ ...asInput(current.body), title })
        .expect(200);
      slug = res.body.slug;
    });
    return { slug, statements };
  };
  // Kept: the update (only while the recipe is the version read) and the notice to other instances.
  expect(await save('Counted soup')).toEqual({ slug: 'counted-soup', statements: 2 });
  // A new title whose base is free: the same two.
  expect(await save('Counted stew')).toEqual({ slug: 'counted-stew', statements: 2 });
  // A base another recipe has: that update fails alone (no savepoint), the slugs are looked up,
  // and the next free one is written.
  expect(await save('Counted broth')).toEqual({ slug: 'counted-broth-2', statements: 4 });
  expect((await retitle(created.id, 'Counted stew')).slug).toBe('counted-stew');
});
