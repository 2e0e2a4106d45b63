import { createHash } from 'node:crypto';
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import {
  type CreatedRecipe,
  DAY_MS,
  advanceDays,
  createRecipe,
  setCanShare,
  setSettings,
  share,
} from './share-helpers.js';

let t: TestApp;
let ann: Member;
let bob: Member;
let admin: Member;
let soup: CreatedRecipe;

beforeAll(async () => {
  t = await startTestApp();
  ann = await t.member('user');
  bob = await t.member('user');
  admin = await t.member('admin');
  soup = await createRecipe(t, ann);
});
afterAll(() => t.close());

beforeEach(async () => {
  await setSettings(t, { publicShares: true, publicShareMaxDays: null, publicShareDefaultDays: null });
  await request(t.app).delete('/api/v1/shares').set('Cookie', admin.cookie).expect(204);
  for (const m of [ann, bob, admin]) await setCanShare(t, m, true);
});

const post = (who: Member, recipeId: string, body?: unknown) => {
  const r = request(t.app).post(`/api/v1/recipes/${recipeId}/public-share`).set('Cookie', who.cookie);
  return body === undefined ? r : r.send(body as object);
};

describe('creating a public link', () => {
  it('answers 201 with the Share: path /s/<token of 256 random bits>, status, dates, creator and recipe', async () => {
    const res = await post(bob, soup.id, { days: 7 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      $schema: expect.stringMatching(/\/api\/v1\/schemas\/Share\.json$/),
      id: expect.any(String),
      path: expect.stringMatching(/^\/s\/[A-Za-z0-9_-]{43}$/),
      status: 'active',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      createdBy: { id: bob.id, displayName: expect.any(String), color: expect.any(String) },
      recipe: { id: soup.id, slug: soup.slug, title: soup.title },
    });
    const lifetime = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(lifetime).toBe(7 * DAY_MS);
  });

  it('looks links up by the SHA-256 digest of their token', async () => {
    const created = await share(t, ann, soup.id, { days: 1 });
    const row = await t.database.db
      .selectFrom('shares')
      .select(['token_digest'])
      .where('id', '=', created.id)
      .executeTakeFirst();
    expect(row?.token_digest).toBe(createHash('sha256').update(created.token).digest('hex'));
  });

  it('takes the household default when no days are sent, and no expiry when the default is none', async () => {
    await setSettings(t, { publicShareDefaultDays: 30 });
    const withDefault = await post(ann, soup.id, {});
    expect(withDefault.status).toBe(201);
    expect(Date.parse(withDefault.body.expiresAt) - Date.parse(withDefault.body.createdAt)).toBe(30 * DAY_MS);

    await setSettings(t, { publicShareDefaultDays: null });
    const noBody = await post(bob, soup.id);
    expect(noBody.status).toBe(201);
    expect(noBody.body.expiresAt).toBeNull();
  });

  it('allows days: null (no expiry) only while the household has no maximum', async () => {
    expect((await post(ann, soup.id, { days: null })).body.expiresAt).toBeNull();
    await request(t.app).delete('/api/v1/shares').set('Cookie', admin.cookie).expect(204);
    await setSettings(t, { publicShareMaxDays: 30 });
    const refused = await post(ann, soup.id, { days: null });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ location: 'body.days' })]);
  });

  it('refuses days above the maximum and days outside 1, 7, 30, 365 with 422 at body.days', async () => {
    await setSettings(t, { publicShareMaxDays: 7 });
    const above = await post(ann, soup.id, { days: 30 });
    expect(above.status).toBe(422);
    expect(above.body.errors[0].location).toBe('body.days');
    for (const days of [2, 0, -1, 1.5, '7']) {
      const res = await post(ann, soup.id, { days });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].location).toMatch(/^body\.days/);
    }
    expect((await post(ann, soup.id, { days: 7 })).status).toBe(201);
  });

  it('refuses unknown fields with 422', async () => {
    expect((await post(ann, soup.id, { days: 7, forever: true })).status).toBe(422);
  });

  it('answers 403 RefusedError with reason sharing-off while the household has public sharing off', async () => {
    await setSettings(t, { publicShares: false });
    const res = await post(ann, soup.id, { days: 7 });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 403, reason: 'sharing-off' });
    expect(res.body.$schema).toMatch(/\/RefusedError\.json$/);
  });

  it('answers 403 with reason not-allowed for a member whose right was withdrawn', async () => {
    await setCanShare(t, bob, false);
    const res = await post(bob, soup.id, { days: 7 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, reason: 'not-allowed' });
  });

  it('answers 404 for an unknown recipe', async () => {
    expect((await post(ann, 'no-such-recipe', { days: 7 })).status).toBe(404);
  });

  it('answers 409 ExistingShareError carrying the caller’s existing link; others still get their own', async () => {
    const first = await share(t, ann, soup.id, { days: 7 });
    const again = await post(ann, soup.id, { days: 30 });
    expect(again.status).toBe(409);
    expect(again.body.$schema).toMatch(/\/ExistingShareError\.json$/);
    expect(again.body.share).toMatchObject({
      id: first.id,
      path: first.path,
      status: 'active',
      recipe: { id: soup.id },
    });
    expect((await post(bob, soup.id, { days: 7 })).status).toBe(201);
  });

  it('lets exactly one of two racing requests create the link; the other gets it back with 409', async () => {
    const [a, b] = await Promise.all([post(ann, soup.id, { days: 7 }), post(ann, soup.id, { days: 7 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const created = a.status === 201 ? a : b;
    const refused = a.status === 201 ? b : a;
    expect(refused.body.share.id).toBe(created.body.id);
  });

  it('answers 409 for a limited link too, and makes a fresh link once the old one expired', async () => {
    const old = await share(t, ann, soup.id, { days: 30 });
    await setSettings(t, { publicShareMaxDays: 7 });
    await advanceDays(t, 8, [ann, bob, admin]);
    const limited = await post(ann, soup.id, { days: 7 });
    expect(limited.status).toBe(409);
    expect(limited.body.share).toMatchObject({ id: old.id, status: 'limited' });
    await advanceDays(t, 23, [ann, bob, admin]);
    const fresh = await post(ann, soup.id, { days: 7 });
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(old.id);
  });

  it('needs a signed-in session: an API token gets 403, nobody 401', async () => {
    const token = await t.token(ann, ['recipes:read', 'recipes:write']);
    const viaToken = await request(t.app)
      .post(`/api/v1/recipes/${soup.id}/public-share`)
      .set('Authorization', `Bearer ${token}`)
      .send({ days: 7 });
    expect(viaToken.status).toBe(403);
    expect(
      (await request(t.app).post(`/api/v1/recipes/${soup.id}/public-share`).send({ days: 7 })).status,
    ).toBe(401);
  });
});

describe('listing, finding and revoking links', () => {
  it('lists the caller’s own live links, newest first; admins get everyone’s with all=true, members 403', async () => {
    const bread = await createRecipe(t, bob);
    const first = await share(t, ann, soup.id, { days: 7 });
    t.clock.advance(1000);
    const second = await share(t, ann, bread.id, { days: 7 });
    const bobs = await share(t, bob, soup.id, { days: 7 });

    const own = await request(t.app).get('/api/v1/shares').set('Cookie', ann.cookie);
    expect(own.status).toBe(200);
    expect(own.body.$schema).toMatch(/\/ShareList\.json$/);
    expect(own.body.items.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(own.body.items[0]).toMatchObject({
      path: second.path,
      recipe: { id: bread.id, slug: bread.slug },
    });

    const all = await request(t.app).get('/api/v1/shares?all=true').set('Cookie', admin.cookie);
    expect(all.status).toBe(200);
    expect(all.body.items.map((s: { id: string }) => s.id)).toEqual([bobs.id, second.id, first.id]);
    expect(all.body.items[0].createdBy).toMatchObject({ id: bob.id });

    expect((await request(t.app).get('/api/v1/shares?all=true').set('Cookie', ann.cookie)).status).toBe(403);
    const adminOwn = await request(t.app).get('/api/v1/shares').set('Cookie', admin.cookie);
    expect(adminOwn.body.items).toEqual([]);
  });

  it('shows paused and limited links with their state, and hides expired and revoked ones', async () => {
    const mine = await share(t, ann, soup.id, { days: 30 });
    const status = async () =>
      (await request(t.app).get('/api/v1/shares').set('Cookie', ann.cookie)).body.items.map(
        (s: { status: string }) => s.status,
      );
    expect(await status()).toEqual(['active']);

    await setSettings(t, { publicShares: false });
    expect(await status()).toEqual(['paused']);
    await setSettings(t, { publicShares: true });
    expect(await status()).toEqual(['active']);

    await setSettings(t, { publicShareMaxDays: 7 });
    await advanceDays(t, 7.01, [ann, bob, admin]);
    expect(await status()).toEqual(['limited']);
    const listed = (await request(t.app).get('/api/v1/shares').set('Cookie', ann.cookie)).body.items[0];
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(7 * DAY_MS);
    await setSettings(t, { publicShareMaxDays: 30 });
    expect(await status()).toEqual(['active']);

    await advanceDays(t, 30, [ann, bob, admin]);
    expect(await status()).toEqual([]);
    expect(
      (await request(t.app).get(`/api/v1/shares/by-recipe/${soup.id}`).set('Cookie', ann.cookie)).body.share,
    ).toBeNull();
    void mine;
  });

  it('finds the caller’s link to a recipe, and answers share: null when there is none or no such recipe', async () => {
    const none = await request(t.app).get(`/api/v1/shares/by-recipe/${soup.id}`).set('Cookie', ann.cookie);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ $schema: expect.stringMatching(/\/MyShareBody\.json$/), share: null });
    const unknown = await request(t.app)
      .get('/api/v1/shares/by-recipe/no-such-recipe')
      .set('Cookie', ann.cookie);
    expect(unknown.status).toBe(200);
    expect(unknown.body.share).toBeNull();

    const mine = await share(t, ann, soup.id, { days: 7 });
    const found = await request(t.app).get(`/api/v1/shares/by-recipe/${soup.id}`).set('Cookie', ann.cookie);
    expect(found.body.share).toMatchObject({ id: mine.id, path: mine.path, status: 'active' });
    const othersView = await request(t.app)
      .get(`/api/v1/shares/by-recipe/${soup.id}`)
      .set('Cookie', bob.cookie);
    expect(othersView.body.share).toBeNull();
  });

  it('revokes one’s own link (204), not another member’s (404); an admin revokes anyone’s', async () => {
    const anns = await share(t, ann, soup.id, { days: 7 });
    const bobs = await share(t, bob, soup.id, { days: 7 });
    expect((await request(t.app).delete(`/api/v1/shares/${bobs.id}`).set('Cookie', ann.cookie)).status).toBe(
      404,
    );
    expect((await request(t.app).delete(`/api/v1/shares/${anns.id}`).set('Cookie', ann.cookie)).status).toBe(
      204,
    );
    expect((await request(t.app).delete(`/api/v1/shares/${anns.id}`).set('Cookie', ann.cookie)).status).toBe(
      404,
    );
    expect(
      (await request(t.app).delete(`/api/v1/shares/${bobs.id}`).set('Cookie', admin.cookie)).status,
    ).toBe(204);
    expect(
      (await request(t.app).delete('/api/v1/shares/no-such-link').set('Cookie', admin.cookie)).status,
    ).toBe(404);
    expect(
      (await request(t.app).get(`/api/v1/shares/by-recipe/${soup.id}`).set('Cookie', ann.cookie)).body.share,
    ).toBeNull();
    expect((await post(ann, soup.id, { days: 7 })).status).toBe(201);
  });

  it('revokes every link of the household for admins; members get 403', async () => {
    await share(t, ann, soup.id, { days: 7 });
    await share(t, bob, soup.id, { days: 7 });
    expect((await request(t.app).delete('/api/v1/shares').set('Cookie', bob.cookie)).status).toBe(403);
    expect((await request(t.app).delete('/api/v1/shares').set('Cookie', admin.cookie)).status).toBe(204);
    expect(
      (await request(t.app).get('/api/v1/shares?all=true').set('Cookie', admin.cookie)).body.items,
    ).toEqual([]);
  });

  it('keeps a deleted member’s link, paused and without a creator, for admins to see and revoke', async () => {
    const carl = await t.member('user');
    const carls = await share(t, carl, soup.id, { days: 7 });
    expect(
      (await request(t.app).delete(`/api/v1/users/${carl.id}`).set('Cookie', t.owner.cookie)).status,
    ).toBe(204);
    const all = await request(t.app).get('/api/v1/shares?all=true').set('Cookie', admin.cookie);
    const listed = all.body.items.find((s: { id: string }) => s.id === carls.id);
    expect(listed.status).toBe('paused');
    expect(listed.createdBy).toBeUndefined();
    expect(
      (await request(t.app).delete(`/api/v1/shares/${carls.id}`).set('Cookie', admin.cookie)).status,
    ).toBe(204);
  });

  it('loses a recipe’s links with the recipe', async () => {
    const bread = await createRecipe(t, ann);
    await share(t, ann, bread.id, { days: 7 });
    expect(
      (await request(t.app).delete(`/api/v1/recipes/${bread.id}`).set('Cookie', ann.cookie)).status,
    ).toBe(204);
    expect((await request(t.app).get('/api/v1/shares').set('Cookie', ann.cookie)).body.items).toEqual([]);
  });

  it('needs a session for every share route', async () => {
    const token = await t.token(admin, ['recipes:read', 'recipes:write', 'recipes:delete']);
    const bearer = `Bearer ${token}`;
    expect((await request(t.app).get('/api/v1/shares').set('Authorization', bearer)).status).toBe(403);
    expect(
      (await request(t.app).get(`/api/v1/shares/by-recipe/${soup.id}`).set('Authorization', bearer)).status,
    ).toBe(403);
    expect((await request(t.app).delete('/api/v1/shares').set('Authorization', bearer)).status).toBe(403);
    expect((await request(t.app).delete('/api/v1/shares/x').set('Authorization', bearer)).status).toBe(403);
    expect((await request(t.app).get('/api/v1/shares')).status).toBe(401);
  });
});

describe('the API description of creating a public link', () => {
  it('names RefusedError for its 403 and ExistingShareError for its 409, as the answers do', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body;
    const responses = doc.paths['/api/v1/recipes/{id}/public-share'].post.responses;
    const schemaOf = (status: string) => responses[status].content['application/problem+json'].schema;
    // A 403 is RefusedError (with its reason) or, from the access rules (a token, another site), a plain problem.
    expect(schemaOf('403')).toEqual({
      oneOf: [{ $ref: '#/components/schemas/RefusedError' }, { $ref: '#/components/schemas/ErrorModel' }],
    });
    expect(schemaOf('409')).toEqual({ $ref: '#/components/schemas/ExistingShareError' });
    expect(schemaOf('422')).toEqual({ $ref: '#/components/schemas/ErrorModel' });
  });
});
