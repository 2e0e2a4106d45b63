/**
 * What the edge refuses before any query runs: NUL in any string (PostgreSQL text cannot hold
 * one), paths whose letter case differs from the route's (routing and the cross-site check
 * must agree on what `/api/` is), and query values that are objects where a list is wanted.
 */
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { createRecipe } from './share-helpers.js';

let t: TestApp;
let recipeId: string;
beforeAll(async () => {
  t = await startTestApp();
  recipeId = (await createRecipe(t, t.owner)).id;
});
afterAll(() => t.close());

const owner = (req: request.Test) => req.set('Cookie', t.owner.cookie);

describe('NUL', () => {
  it('in an id of the path names nothing: 404 on every route the probe found answering 500', async () => {
    const nul = 'a%00b';
    const answers = await Promise.all([
      owner(request(t.app).post(`/api/v1/recipes/${nul}/comments`).send({ body: 'hi' })),
      owner(request(t.app).post(`/api/v1/recipes/${nul}/public-share`).send({})),
      owner(request(t.app).post(`/api/v1/recipes/${nul}/share-link`)),
      owner(request(t.app).put(`/api/v1/recipes/${nul}/comments/seen`).send({ upTo: 1 })),
      owner(request(t.app).put(`/api/v1/recipes/${nul}/cover`).send({ imageId: 'x' })),
      owner(request(t.app).get(`/api/v1/shares/by-recipe/${nul}`)),
      owner(request(t.app).delete(`/api/v1/shares/${nul}`)),
      owner(request(t.app).get(`/images/${nul}/${nul}/thumb.jpg`)),
      owner(request(t.app).get(`/images/${recipeId}/${nul}/thumb.jpg`)),
    ]);
    for (const res of answers) {
      expect([res.req.path, res.status]).toEqual([res.req.path, 404]);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('in the query or the body is a 422 at its place', async () => {
    const query = await owner(request(t.app).get('/api/v1/comments?recipeId=a%00b'));
    expect(query.status).toBe(422);
    expect(query.body.errors).toEqual([
      { location: 'query.recipeId', message: 'must not contain control characters (NUL)' },
    ]);

    const body = await owner(
      request(t.app).post(`/api/v1/recipes/${recipeId}/public-share`).send({ days: 7, x: 'a\u0000' }),
    );
    expect(body.status).toBe(422);

    const comment = await owner(
      request(t.app).post(`/api/v1/recipes/${recipeId}/comments`).send({ body: 'a\u0000b' }),
    );
    expect(comment.status).toBe(422);
    expect(comment.body.errors).toEqual([
      { location: 'body.body', message: 'must not contain control characters (NUL)' },
    ]);
  });
});

describe('letter case of paths', () => {
  it('routes /API/… nowhere, and refuses a foreign-Origin write to it anyway', async () => {
    const res = await owner(
      request(t.app).post(`/API/v1/recipes/${recipeId}/comments`).set('Origin', 'https://evil.example'),
    ).send({ body: 'from elsewhere' });
    expect(res.status).toBe(403);
    const sameOrigin = await owner(request(t.app).post(`/API/v1/recipes/${recipeId}/comments`)).send({
      body: 'x',
    });
    expect(sameOrigin.status).toBe(404);
    const comments = await owner(request(t.app).get(`/api/v1/comments?recipeId=${recipeId}`));
    expect(comments.body.comments).toEqual([]);
  });
});

describe('query lists written with bracket names', () => {
  it('are read as lists where they are lists (tags[]=, tags[0]=)', async () => {
    for (const query of ['tags[]=soup', 'tags[0]=soup', 'tags=soup']) {
      const res = await owner(request(t.app).get(`/api/v1/recipes?${query}`));
      expect([query, res.status, res.body.total]).toEqual([query, 200, 1]);
    }
  });

  it('are a 422 at their place where they make an object, never the words "[object Object]"', async () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/recipes?tags[x]=soup', 'query.tags'],
      ['/api/v1/recipes?tags[1000]=soup', 'query.tags'],
      ['/api/v1/recipes?tags[0][x]=soup', 'query.tags[0]'],
      [`/api/v1/export?recipeIds[x]=${recipeId}`, 'query.recipeIds'],
    ];
    for (const [path, location] of cases) {
      const res = await owner(request(t.app).get(path));
      expect([path, res.status]).toEqual([path, 422]);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors.map((e: { location: string }) => e.location)).toEqual([location]);
      expect(JSON.stringify(res.body)).not.toContain('[object Object]');
    }
  });
});
