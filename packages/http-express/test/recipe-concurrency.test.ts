/**
 * Optimistic concurrency for recipe saves: every recipe answer carries an ETag (the recipe's
 * version); a PUT with If-Match is refused with 412 when the recipe changed meanwhile, and a PUT
 * without it stays last-write-wins.
 */
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { createRecipe, recipeInput } from './share-helpers.js';

let t: TestApp;
let ann: Member;
let ben: Member;
beforeAll(async () => {
  t = await startTestApp();
  ann = await t.member('user');
  ben = await t.member('user');
});
afterAll(() => t.close());

const put = (id: string, who: Member, body: Record<string, unknown>, ifMatch?: string) => {
  const r = request(t.app).put(`/api/v1/recipes/${id}`).set('Cookie', who.cookie);
  if (ifMatch !== undefined) r.set('If-Match', ifMatch);
  return r.send(recipeInput(body));
};

describe('recipe versions', () => {
  it('every recipe answer carries the same strong ETag for the same version', async () => {
    const created = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', ann.cookie)
      .send(recipeInput({}));
    expect(created.status).toBe(201);
    const etag = created.headers['etag'];
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    const byId = await request(t.app).get(`/api/v1/recipes/${created.body.id}`).set('Cookie', ben.cookie);
    const bySlug = await request(t.app)
      .get(`/api/v1/recipes/by-slug/${created.body.slug}`)
      .set('Cookie', ann.cookie);
    expect(byId.headers['etag']).toBe(etag);
    expect(bySlug.headers['etag']).toBe(etag);
  });

  it('a save on the current version goes through and gets a new version; one on an old version is 412 and changes nothing', async () => {
    const recipe = await createRecipe(t, ann, { title: 'Plum cake' });
    const first = await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie);
    const v1 = String(first.headers['etag']);

    const annSaves = await put(recipe.id, ann, { title: 'Plum cake', description: 'Ann was first.' }, v1);
    expect(annSaves.status).toBe(200);
    const v2 = String(annSaves.headers['etag']);
    expect(v2).not.toBe(v1);

    const benSaves = await put(
      recipe.id,
      ben,
      { title: 'Plum cake', description: 'Ben would overwrite.' },
      v1,
    );
    expect(benSaves.status).toBe(412);
    expect(benSaves.headers['content-type']).toMatch(/problem\+json/);
    expect(benSaves.body.type).toBe('urn:larder:problem:recipes.changed_meanwhile');
    expect(benSaves.body.title).toBe('Precondition Failed');
    // The version the recipe has now comes along, in a problem body that keeps its own schema.
    expect(benSaves.body.currentVersion).toBe(v2.replace(/"/g, ''));
    expect(benSaves.body.$schema).toMatch(/\/api\/v1\/schemas\/ChangedMeanwhileError\.json$/);
    const schema = await request(t.app).get('/api/v1/schemas/ChangedMeanwhileError.json');
    expect(schema.status).toBe(200);
    expect(Object.keys(benSaves.body).filter((key) => !(key in schema.body.properties))).toEqual([]);
    const after = await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie);
    expect(after.body.description).toBe('Ann was first.');
    expect(after.headers['etag']).toBe(v2);

    // Read again, then save on the current version.
    expect(
      (await put(recipe.id, ben, { title: 'Plum cake', description: 'Ben, after reading.' }, v2)).status,
    ).toBe(200);
  });

  it("a 412 carries the recipe's current version as its ETag, ready for If-Match; other problems carry none", async () => {
    const recipe = await createRecipe(t, ann, { title: 'Pear cake' });
    const v1 = String(
      (await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie)).headers['etag'],
    );
    expect((await put(recipe.id, ann, { title: 'Pear cake', description: 'First.' }, v1)).status).toBe(200);
    const stale = await put(recipe.id, ben, { title: 'Pear cake', description: 'Stale.' }, v1);
    expect(stale.status).toBe(412);
    expect(stale.headers['etag']).toBe(`"${stale.body.currentVersion}"`);
    const retried = await put(
      recipe.id,
      ben,
      { title: 'Pear cake', description: 'Retried.' },
      String(stale.headers['etag']),
    );
    expect(retried.status).toBe(200);
    const missing = await request(t.app).get('/api/v1/recipes/no-such-recipe').set('Cookie', ann.cookie);
    expect(missing.status).toBe(404);
    expect(missing.headers['etag']).toBeUndefined();
    expect(missing.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('a delete with If-Match happens only on that version: 412 and nothing deleted when it was changed since', async () => {
    const recipe = await createRecipe(t, ann, { title: 'Fig cake' });
    const v1 = String(
      (await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie)).headers['etag'],
    );
    const saved = await put(recipe.id, ann, { title: 'Fig cake', description: 'Changed.' }, v1);
    const del = (ifMatch: string) =>
      request(t.app)
        .delete(`/api/v1/recipes/${recipe.id}`)
        .set('Cookie', ann.cookie)
        .set('If-Match', ifMatch);
    const stale = await del(v1);
    expect(stale.status).toBe(412);
    expect(stale.body.type).toBe('urn:larder:problem:recipes.changed_meanwhile');
    expect((await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie)).status).toBe(
      200,
    );
    expect((await del(String(saved.headers['etag']))).status).toBe(204);
    expect((await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie)).status).toBe(
      404,
    );
  });

  it('describes If-Match and the 412 answer in the API description', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body;
    const save = doc.paths['/api/v1/recipes/{id}'].put;
    expect(save.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header', required: false })]),
    );
    expect(save.responses['412'].content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/ChangedMeanwhileError',
    );
    expect(doc.components.schemas.ChangedMeanwhileError.required).toEqual(['currentVersion']);
    // A slug no attempt could find free (many saves of one title at once) is a 409 both ways.
    expect(save.responses['409']).toBeDefined();
    expect(doc.paths['/api/v1/recipes'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/v1/recipes/{id}'].get.parameters).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'If-Match' })]),
    );
  });

  it('without If-Match the last save wins, as before', async () => {
    const recipe = await createRecipe(t, ann, {});
    expect((await put(recipe.id, ann, { description: 'one' })).status).toBe(200);
    const last = await put(recipe.id, ben, { description: 'two' });
    expect(last.status).toBe(200);
    expect(last.body.description).toBe('two');
  });

  it('reads If-Match as RFC 9110 says: *, lists, and weak tags that never match', async () => {
    const recipe = await createRecipe(t, ann, {});
    const current = String(
      (await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ann.cookie)).headers['etag'],
    );
    const star = await put(recipe.id, ann, { description: 'star' }, '*');
    expect(star.status).toBe(200);
    const now = String(star.headers['etag']);
    expect((await put(recipe.id, ann, { description: 'weak' }, `W/${now}`)).status).toBe(412);
    expect((await put(recipe.id, ann, { description: 'garbage' }, 'no-quotes')).status).toBe(412);
    const listed = await put(recipe.id, ann, { description: 'listed' }, `${current}, ${now}`);
    expect(listed.status).toBe(200);
  });

  it('every save moves the version on, however fast saves follow each other', async () => {
    const recipe = await createRecipe(t, ann, {});
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await put(recipe.id, ann, { description: `save ${i}` });
      seen.add(String(res.headers['etag']));
    }
    expect(seen.size).toBe(5);
  });

  it('tells a member who may not edit 403, not 412, and an unknown recipe 404', async () => {
    const locked = await createRecipe(t, ann, { editPolicy: 'locked' });
    expect((await put(locked.id, ben, { description: 'nope' }, '"stale"')).status).toBe(403);
    expect((await put('00000000-0000-4000-8000-000000000000', ann, {}, '"stale"')).status).toBe(404);
  });

  it('never answers 304: the ETag names the version, and a mark changes the answer without changing it', async () => {
    const recipe = await createRecipe(t, ann, {});
    const first = await request(t.app).get(`/api/v1/recipes/${recipe.id}`).set('Cookie', ben.cookie);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(
      (await request(t.app).put(`/api/v1/recipes/${recipe.id}/favorite`).set('Cookie', ben.cookie)).status,
    ).toBe(204);
    const again = await request(t.app)
      .get(`/api/v1/recipes/${recipe.id}`)
      .set('Cookie', ben.cookie)
      .set('If-None-Match', String(first.headers['etag']));
    expect(again.status).toBe(200);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.body.favorite).toBe(true);
  });
});
