import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let admin: Member;
let user: Member;
let other: Member;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.member('admin', 'tok-admin');
  user = await t.member('user', 'tok-user');
  other = await t.member('user', 'tok-other');
});
afterAll(() => t.close());

const createToken = (who: Member, body: object) =>
  request(t.app).post('/api/v1/tokens').set('Cookie', who.cookie).send(body);
const listTokens = (who: Member) => request(t.app).get('/api/v1/tokens').set('Cookie', who.cookie);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const settingsWith = (token: string) => request(t.app).get('/api/v1/settings').set(bearer(token));

async function listed(who: Member, id: string) {
  const res = await listTokens(who);
  expect(res.status).toBe(200);
  return (res.body.items as Array<Record<string, unknown>>).find((i) => i.id === id);
}

describe('creating a token', () => {
  it('answers the raw token once, lrd_ and 43 characters, with its 8-character prefix', async () => {
    const res = await createToken(user, { name: ' kitchen script ', scopes: ['recipes:read', 'users:read'] });
    expect(res.status).toBe(201);
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/CreatedAPIToken\.json$/);
    const token = res.body.token as string;
    expect(token).toMatch(/^lrd_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({
      name: 'kitchen script',
      prefix: token.slice(0, 8),
      scopes: ['recipes:read', 'users:read'],
      ownerId: user.id,
      ownerUsername: user.username,
      ownerDisplayName: user.username,
      ownerColor: expect.any(String),
    });
    expect(res.body).not.toHaveProperty('expiresAt');
    expect(res.body).not.toHaveProperty('lastUsedAt');
    // The database keeps only a digest.
    const rows = await t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', res.body.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    expect(rows[0]!.token_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never lists the raw token', async () => {
    const created = await createToken(user, { name: 'hidden', scopes: ['recipes:read'] });
    const res = await listTokens(user);
    expect(res.status).toBe(200);
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/APITokenList\.json$/);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) expect(item).not.toHaveProperty('token');
    expect(res.text).not.toContain(created.body.token);
    expect(res.body.items.find((i: { id: string }) => i.id === created.body.id)).toMatchObject({
      prefix: created.body.prefix,
      name: 'hidden',
    });
  });

  it('refuses unknown scopes, no scopes, a scope twice, odd lifetimes and blank names at their fields', async () => {
    const cases: Array<[object, string]> = [
      [{ name: 'x', scopes: ['recipes:admin'] }, 'body.scopes[0]'],
      [{ name: 'x', scopes: [] }, 'body.scopes'],
      [{ name: 'x', scopes: ['recipes:read', 'recipes:write', 'recipes:read'] }, 'body.scopes'],
      [{ name: 'x', scopes: ['recipes:read'], expiresInDays: 7 }, 'body.expiresInDays'],
      [{ name: 'x', scopes: ['recipes:read'], expiresInDays: '30' }, 'body.expiresInDays'],
      [{ name: '   ', scopes: ['recipes:read'] }, 'body.name'],
      [{ scopes: ['recipes:read'] }, 'body.name'],
    ];
    for (const [body, location] of cases) {
      const res = await createToken(user, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.errors.map((e: { location: string }) => e.location)).toContain(location);
    }
    const twice = await createToken(user, { name: 'x', scopes: ['recipes:read', 'recipes:read'] });
    expect(twice.body.errors).toEqual([
      { location: 'body.scopes', message: 'must not name the same item twice (items 0 and 1)' },
    ]);
  });
});

describe('using a token', () => {
  it('works on routes that admit its scope', async () => {
    const token = await t.token(user, ['recipes:read', 'users:read']);
    const settings = await settingsWith(token);
    expect(settings.status).toBe(200);
    expect(settings.body).toHaveProperty('publicShares');
    const people = await request(t.app).get('/api/v1/people').set(bearer(token));
    expect(people.status).toBe(200);
    expect(people.body.items.length).toBeGreaterThanOrEqual(4);
  });

  it('is refused (403) where it lacks the scope', async () => {
    const token = await t.token(user, ['users:read']);
    const res = await settingsWith(token);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toContain('recipes:read');
    const readOnly = await t.token(user, ['recipes:read']);
    expect((await request(t.app).get('/api/v1/people').set(bearer(readOnly))).status).toBe(403);
  });

  it('is refused (403) on session-only routes, even with every scope', async () => {
    const token = await t.token(t.owner, [
      'recipes:read',
      'recipes:write',
      'recipes:delete',
      'users:read',
      'users:write',
    ]);
    const own = await createToken(t.owner, { name: 'mine', scopes: ['recipes:read'] });
    const cases: Array<[string, string, object | undefined]> = [
      ['post', '/api/v1/tokens', { name: 'sneaky', scopes: ['recipes:read'] }],
      ['get', '/api/v1/tokens', undefined],
      ['delete', `/api/v1/tokens/${own.body.id}`, undefined],
      ['get', '/api/v1/auth/me', undefined],
      ['patch', '/api/v1/auth/me/profile', { displayName: 'Bot' }],
      ['get', '/api/v1/auth/me/colors', undefined],
      ['post', '/api/v1/auth/logout', undefined],
      ['patch', '/api/v1/settings', { publicShares: true }],
      ['post', `/api/v1/users/${user.id}/setup-link`, undefined],
    ];
    for (const [method, path, body] of cases) {
      let req = (request(t.app) as unknown as Record<string, (p: string) => request.Test>)[method]!(path).set(
        bearer(token),
      );
      if (body) req = req.send(body);
      const res = await req;
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    expect(await listed(t.owner, own.body.id)).toBeDefined();
    expect((await settingsWith(token)).body.publicShares).toBe(false);
    expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', t.owner.cookie)).body.displayName).toBe(
      'owner',
    );
  });

  it('answers 401 for forged, malformed, deleted and expired tokens', async () => {
    const forged = `lrd_${'A'.repeat(43)}`;
    const real = await t.token(user, ['recipes:read']);
    const tampered = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    const headers = [
      `Bearer ${forged}`,
      `Bearer ${tampered}`,
      `Bearer ${real}x`,
      `Bearer ${real.slice(4)}`,
      'Bearer lrd_short',
      'Bearer ',
      'Bearer',
      `Bearer ${'x'.repeat(5000)}`,
      `Token ${real}`,
      `bearer ${real} extra`,
    ];
    for (const authorization of headers) {
      const res = await request(t.app).get('/api/v1/settings').set('Authorization', authorization);
      expect({ authorization: authorization.slice(0, 60), status: res.status }).toEqual({
        authorization: authorization.slice(0, 60),
        status: 401,
      });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // A bad token is not rescued by a good cookie.
    const withCookie = await request(t.app)
      .get('/api/v1/settings')
      .set('Cookie', user.cookie)
      .set(bearer(forged));
    expect(withCookie.status).toBe(401);
    // The scheme is read without case.
    expect((await request(t.app).get('/api/v1/settings').set('Authorization', `bearer ${real}`)).status).toBe(
      200,
    );
  });

  it("leaves another scheme's Authorization (a proxy's Basic) to the session cookie", async () => {
    const basic = `Basic ${Buffer.from('household:door').toString('base64')}`;
    const withCookie = await request(t.app)
      .get('/api/v1/auth/me')
      .set('Cookie', user.cookie)
      .set('Authorization', basic);
    expect(withCookie.status).toBe(200);
    expect(withCookie.body.id).toBe(user.id);
    expect((await request(t.app).get('/api/v1/auth/me').set('Authorization', basic)).status).toBe(401);
  });

  it('answers 401 once the token is deleted', async () => {
    const created = await createToken(user, { name: 'short-lived', scopes: ['recipes:read'] });
    const token = created.body.token as string;
    expect((await settingsWith(token)).status).toBe(200);
    const res = await request(t.app).delete(`/api/v1/tokens/${created.body.id}`).set('Cookie', user.cookie);
    expect(res.status).toBe(204);
    expect((await settingsWith(token)).status).toBe(401);
    expect(await listed(user, created.body.id)).toBeUndefined();
    expect(
      (await request(t.app).delete(`/api/v1/tokens/${created.body.id}`).set('Cookie', user.cookie)).status,
    ).toBe(404);
  });

  it('expires after expiresInDays', async () => {
    const created = await createToken(user, { name: 'monthly', scopes: ['recipes:read'], expiresInDays: 30 });
    expect(created.status).toBe(201);
    const expiresAt = Date.parse(created.body.expiresAt);
    expect(Math.abs(expiresAt - (t.clock.now().getTime() + 30 * DAY))).toBeLessThan(5000);
    const forever = await t.token(user, ['recipes:read']);
    t.clock.advance(29 * DAY);
    expect((await settingsWith(created.body.token)).status).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await settingsWith(created.body.token)).status).toBe(401);
    expect((await settingsWith(forever)).status).toBe(200);
    // The clock moved past the sessions too.
    for (const m of [t.owner, admin, user, other]) m.cookie = await t.login(m.username, m.password);
  });

  it('records lastUsedAt on first use and moves it at most hourly', async () => {
    const created = await createToken(user, { name: 'tracked', scopes: ['recipes:read'] });
    const token = created.body.token as string;
    expect(await listed(user, created.body.id)).not.toHaveProperty('lastUsedAt');

    const firstUse = t.clock.now().getTime();
    expect((await settingsWith(token)).status).toBe(200);
    const first = Date.parse((await listed(user, created.body.id))!.lastUsedAt as string);
    expect(Math.abs(first - firstUse)).toBeLessThan(5000);

    t.clock.advance(30 * MINUTE);
    expect((await settingsWith(token)).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await settingsWith(token)).status).toBe(200);
    expect(Date.parse((await listed(user, created.body.id))!.lastUsedAt as string)).toBe(first);

    t.clock.advance(2 * MINUTE);
    const later = t.clock.now().getTime();
    expect((await settingsWith(token)).status).toBe(200);
    const moved = Date.parse((await listed(user, created.body.id))!.lastUsedAt as string);
    expect(moved).toBeGreaterThan(first + 60 * MINUTE);
    expect(Math.abs(moved - later)).toBeLessThan(5000);
  });
});

describe('who sees and revokes which tokens', () => {
  it("lists a member's own tokens only, and every token to admins and the owner", async () => {
    const mine = await createToken(user, { name: 'user-own', scopes: ['recipes:read'] });
    const theirs = await createToken(other, { name: 'other-own', scopes: ['recipes:read'] });
    const userList = (await listTokens(user)).body.items as Array<{ id: string; ownerId: string }>;
    expect(userList.every((i) => i.ownerId === user.id)).toBe(true);
    expect(userList.map((i) => i.id)).toContain(mine.body.id);
    expect(userList.map((i) => i.id)).not.toContain(theirs.body.id);
    for (const viewer of [admin, t.owner]) {
      const ids = ((await listTokens(viewer)).body.items as Array<{ id: string }>).map((i) => i.id);
      expect(ids).toEqual(expect.arrayContaining([mine.body.id, theirs.body.id]));
    }
    const entry = await listed(admin, theirs.body.id);
    expect(entry).toMatchObject({ ownerId: other.id, ownerUsername: other.username });
  });

  it("answers 404 to a member revoking somebody else's token, and leaves it working", async () => {
    const theirs = await createToken(other, { name: 'keep', scopes: ['recipes:read'] });
    const res = await request(t.app).delete(`/api/v1/tokens/${theirs.body.id}`).set('Cookie', user.cookie);
    expect(res.status).toBe(404);
    expect((await settingsWith(theirs.body.token)).status).toBe(200);
    expect(
      (await request(t.app).delete('/api/v1/tokens/no-such-token').set('Cookie', user.cookie)).status,
    ).toBe(404);
  });

  it("lets an admin revoke a member's token but not the owner's", async () => {
    const theirs = await createToken(other, { name: 'revoked-by-admin', scopes: ['recipes:read'] });
    expect(
      (await request(t.app).delete(`/api/v1/tokens/${theirs.body.id}`).set('Cookie', admin.cookie)).status,
    ).toBe(204);
    expect((await settingsWith(theirs.body.token)).status).toBe(401);
    const owners = await createToken(t.owner, { name: 'owner-own', scopes: ['recipes:read'] });
    expect(
      (await request(t.app).delete(`/api/v1/tokens/${owners.body.id}`).set('Cookie', admin.cookie)).status,
    ).toBe(403);
    expect((await settingsWith(owners.body.token)).status).toBe(200);
  });
});
