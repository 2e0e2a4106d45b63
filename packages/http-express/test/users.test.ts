import { AccountManagement, SignInService } from '@larder/domain';
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: Member;
let user: Member;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.member('admin', 'the-admin');
  user = await t.member('user', 'the-user');
});
afterAll(() => t.close());

let serial = 0;
const fresh = (prefix = 'u') => `${prefix}${++serial}`;

type Credential = { cookie: string } | { token: string };
function as(req: request.Test, who: Credential | null): request.Test {
  if (!who) return req;
  return 'cookie' in who ? req.set('Cookie', who.cookie) : req.set('Authorization', `Bearer ${who.token}`);
}
const api = {
  get: (path: string, who: Credential | null) => as(request(t.app).get(path), who),
  post: (path: string, who: Credential | null, body?: object) =>
    as(request(t.app).post(path), who).send(body),
  patch: (path: string, who: Credential | null, body: object) =>
    as(request(t.app).patch(path), who).send(body),
  delete: (path: string, who: Credential | null) => as(request(t.app).delete(path), who),
};

function cookieOf(res: request.Response): string {
  return (([] as string[]).concat(res.headers['set-cookie'] ?? [])[0] ?? '').split(';')[0] ?? '';
}

const me = (cookie: string) => request(t.app).get('/api/v1/auth/me').set('Cookie', cookie);

/** Creates an account as the owner; answers its id (and setup token when it has no password). */
async function create(role: 'user' | 'admin' = 'user', withPassword = true) {
  const username = fresh(role);
  const res = await api.post('/api/v1/users', t.owner, {
    username,
    role,
    ...(withPassword ? { password: `${username}-password` } : {}),
  });
  expect(res.status).toBe(201);
  const token = res.body.setupLink ? tokenOf(res.body.setupLink.path) : undefined;
  return { id: res.body.id as string, username, password: `${username}-password`, token: token as string };
}

function tokenOf(path: string): string {
  const match = /^\/setup\/([A-Za-z0-9_-]+)$/.exec(path);
  if (!match) throw new Error(`not a setup path: ${path}`);
  return match[1] as string;
}

const inspect = (token: string) => request(t.app).post('/api/v1/auth/setup/inspect').send({ token });
const redeem = (token: string, password = 'chosen-password') =>
  request(t.app).post('/api/v1/auth/setup/password').send({ token, password });

describe('permission matrix', () => {
  let tokens: Record<string, { token: string }>;
  beforeAll(async () => {
    tokens = {
      ownerUsers: { token: await t.token(t.owner, ['users:read', 'users:write']) },
      adminUsers: { token: await t.token(admin, ['users:read', 'users:write']) },
      adminRecipes: { token: await t.token(admin, ['recipes:read', 'recipes:write']) },
      adminRead: { token: await t.token(admin, ['users:read']) },
      userUsers: { token: await t.token(user, ['users:read', 'users:write']) },
      userRecipes: { token: await t.token(user, ['recipes:read']) },
    };
  });

  test('GET /api/v1/users: admins and the owner, by session or a token with users:read', async () => {
    const cases: Array<[Credential | null, number]> = [
      [t.owner, 200],
      [admin, 200],
      [user, 403],
      [tokens.ownerUsers!, 200],
      [tokens.adminUsers!, 200],
      [tokens.adminRead!, 200],
      [tokens.adminRecipes!, 403],
      [tokens.userUsers!, 403],
      [tokens.userRecipes!, 403],
      [null, 401],
    ];
    for (const [who, status] of cases) {
      const res = await api.get('/api/v1/users', who);
      expect({ who, status: res.status }).toEqual({ who, status });
      if (status === 200)
        expect(res.body.items.map((u: { username: string }) => u.username)).toContain('the-user');
      else expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  test('POST /api/v1/users: admins and the owner, by session or a token with users:write', async () => {
    const cases: Array<[Credential | null, number]> = [
      [t.owner, 201],
      [admin, 201],
      [user, 403],
      [tokens.ownerUsers!, 201],
      [tokens.adminUsers!, 201],
      [tokens.adminRead!, 403],
      [tokens.adminRecipes!, 403],
      [tokens.userUsers!, 403],
      [null, 401],
    ];
    for (const [who, status] of cases) {
      const username = fresh('made');
      const res = await api.post('/api/v1/users', who, {
        username,
        role: 'user',
        password: 'a-good-password',
      });
      expect({ who, status: res.status }).toEqual({ who, status });
      const exists = await t.database.db
        .selectFrom('accounts')
        .select('id')
        .where('username_key', '=', username)
        .executeTakeFirst();
      expect(exists !== undefined).toBe(status === 201);
    }
  });

  test('PATCH /api/v1/users/{id}: admins and the owner, by session or a token with users:write; a display name the owner alone', async () => {
    const target = await create();
    const cases: Array<[Credential | null, number]> = [
      [t.owner, 200],
      [admin, 403],
      [user, 403],
      [tokens.ownerUsers!, 200],
      [tokens.adminUsers!, 403],
      [tokens.adminRead!, 403],
      [tokens.adminRecipes!, 403],
      [tokens.userUsers!, 403],
      [null, 401],
    ];
    for (const [i, [who, status]] of cases.entries()) {
      const displayName = `Name ${i}`;
      const res = await api.patch(`/api/v1/users/${target.id}`, who, { displayName });
      expect({ who, status: res.status }).toEqual({ who, status });
      const row = await t.database.db
        .selectFrom('accounts')
        .select('display_name')
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      if (status === 200) expect(row.display_name).toBe(displayName);
      else expect(row.display_name).not.toBe(displayName);
    }
  });

  test("an admin changes a member's role, sharing and password, not their display name or colour", async () => {
    const target = await create();
    const rowOf = () =>
      t.database.db
        .selectFrom('accounts')
        .select(['display_name', 'color'])
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
    const before = await rowOf();
    for (const body of [{ role: 'user' }, { canSharePublicly: false }, { password: 'a-new-password-1' }]) {
      for (const who of [admin, tokens.adminUsers!]) {
        expect((await api.patch(`/api/v1/users/${target.id}`, who, body)).status).toBe(200);
      }
    }
    const colour = before.color === 'olive' ? 'plum' : 'olive';
    for (const body of [
      { displayName: 'Renamed' },
      { color: colour },
      { canSharePublicly: true, color: colour },
    ]) {
      const refused = await api.patch(`/api/v1/users/${target.id}`, admin, body);
      expect(refused.status).toBe(403);
      expect(refused.body.type).toBe('urn:larder:problem:accounts.profile_owner_only');
    }
    expect(await rowOf()).toEqual(before);
    const byOwner = await api.patch(`/api/v1/users/${target.id}`, t.owner, {
      displayName: 'Renamed',
      color: colour,
    });
    expect(byOwner.body).toMatchObject({ displayName: 'Renamed', color: colour, canSharePublicly: false });
  });

  test('DELETE /api/v1/users/{id}: admins and the owner, by session or a token with users:write', async () => {
    const cases: Array<[Credential | null, number]> = [
      [t.owner, 204],
      [admin, 204],
      [user, 403],
      [tokens.ownerUsers!, 204],
      [tokens.adminUsers!, 204],
      [tokens.adminRead!, 403],
      [tokens.adminRecipes!, 403],
      [tokens.userUsers!, 403],
      [null, 401],
    ];
    for (const [who, status] of cases) {
      const target = await create();
      const res = await api.delete(`/api/v1/users/${target.id}`, who);
      expect({ who, status: res.status }).toEqual({ who, status });
      const row = await t.database.db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', target.id)
        .executeTakeFirst();
      expect(row === undefined).toBe(status === 204);
    }
  });

  test('setup-link routes: admins and the owner with a session only', async () => {
    const cases: Array<[Credential | null, number, number]> = [
      [t.owner, 201, 204],
      [admin, 201, 204],
      [user, 403, 403],
      [tokens.ownerUsers!, 403, 403],
      [tokens.adminUsers!, 403, 403],
      [null, 401, 401],
    ];
    for (const [who, issued, revoked] of cases) {
      const target = await create('user', false);
      const issue = await api.post(`/api/v1/users/${target.id}/setup-link`, who);
      expect({ who, status: issue.status }).toEqual({ who, status: issued });
      // The link issued at creation dies only when a new one replaces it.
      expect((await inspect(target.token)).status).toBe(issued === 201 ? 404 : 200);
      const revoke = await api.delete(`/api/v1/users/${target.id}/setup-link`, who);
      expect({ who, status: revoke.status }).toEqual({ who, status: revoked });
    }
  });

  test('GET /api/v1/people: any signed-in member, or a token with users:read', async () => {
    const cases: Array<[Credential | null, number]> = [
      [t.owner, 200],
      [admin, 200],
      [user, 200],
      [tokens.userUsers!, 200],
      [tokens.adminRead!, 200],
      [tokens.userRecipes!, 403],
      [null, 401],
    ];
    for (const [who, status] of cases) {
      const res = await api.get('/api/v1/people', who);
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    const res = await api.get('/api/v1/people', user);
    const owner = res.body.items.find((p: { username: string }) => p.username === 'owner');
    expect(owner).toEqual({
      id: t.owner.id,
      username: 'owner',
      displayName: 'owner',
      color: 'amber',
      role: 'superadmin',
      avatarId: null,
    });
    for (const person of res.body.items) {
      expect(Object.keys(person).sort()).toEqual([
        'avatarId',
        'color',
        'displayName',
        'id',
        'role',
        'username',
      ]);
    }
  });
});

describe('rank rules', () => {
  it('lets only the owner create admins', async () => {
    const byAdmin = await api.post('/api/v1/users', admin, {
      username: fresh('a'),
      role: 'admin',
      password: 'a-good-password',
    });
    expect(byAdmin.status).toBe(403);
    const byOwner = await api.post('/api/v1/users', t.owner, {
      username: fresh('a'),
      role: 'admin',
      password: 'a-good-password',
    });
    expect(byOwner.status).toBe(201);
    expect(byOwner.body.role).toBe('admin');
  });

  it('lets only the owner change or delete admins', async () => {
    const other = await create('admin');
    expect((await api.patch(`/api/v1/users/${other.id}`, admin, { displayName: 'Nope' })).status).toBe(403);
    expect((await api.patch(`/api/v1/users/${other.id}`, admin, { role: 'user' })).status).toBe(403);
    expect((await api.delete(`/api/v1/users/${other.id}`, admin)).status).toBe(403);
    expect((await api.post(`/api/v1/users/${other.id}/setup-link`, admin)).status).toBe(403);
    const demoted = await api.patch(`/api/v1/users/${other.id}`, t.owner, { role: 'user' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('user');
    expect((await api.delete(`/api/v1/users/${other.id}`, t.owner)).status).toBe(204);
  });

  it('lets only the owner promote a member to admin', async () => {
    const target = await create();
    expect((await api.patch(`/api/v1/users/${target.id}`, admin, { role: 'admin' })).status).toBe(403);
    const row = await t.database.db
      .selectFrom('accounts')
      .select('role')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect((await api.patch(`/api/v1/users/${target.id}`, t.owner, { role: 'admin' })).body.role).toBe(
      'admin',
    );
  });

  it('lets an admin not touch themselves through account management', async () => {
    expect((await api.delete(`/api/v1/users/${admin.id}`, admin)).status).toBe(403);
    expect((await api.patch(`/api/v1/users/${admin.id}`, admin, { role: 'user' })).status).toBe(403);
  });

  it('lets nobody change or delete the owner, not even the owner', async () => {
    for (const who of [t.owner, admin]) {
      expect((await api.patch(`/api/v1/users/${t.owner.id}`, who, { displayName: 'Boss' })).status).toBe(403);
      expect((await api.patch(`/api/v1/users/${t.owner.id}`, who, { role: 'user' })).status).toBe(403);
      expect((await api.patch(`/api/v1/users/${t.owner.id}`, who, { password: 'taken-over-1' })).status).toBe(
        403,
      );
      expect((await api.delete(`/api/v1/users/${t.owner.id}`, who)).status).toBe(403);
      expect((await api.post(`/api/v1/users/${t.owner.id}/setup-link`, who)).status).toBe(403);
    }
    const row = await t.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'superadmin', display_name: 'owner' });
    expect((await me(t.owner.cookie)).status).toBe(200);
  });

  it('never assigns the owner role (422 by the schema)', async () => {
    const created = await api.post('/api/v1/users', t.owner, {
      username: fresh('s'),
      role: 'superadmin',
      password: 'a-good-password',
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([expect.objectContaining({ location: 'body.role' })]);
    const target = await create();
    const changed = await api.patch(`/api/v1/users/${target.id}`, t.owner, { role: 'superadmin' });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual([expect.objectContaining({ location: 'body.role' })]);
    const owners = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('role', '=', 'superadmin')
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('creating accounts', () => {
  it('refuses a password under 8 characters, as the API description says', async () => {
    const res = await api.post('/api/v1/users', admin, {
      username: fresh('short'),
      role: 'user',
      password: 'abc',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { location: 'body.password', message: 'must be at least 8 characters' },
    ]);
    const described = await request(t.app).get('/api/v1/schemas/CreateInputBody.json');
    expect(described.body.properties.password).toMatchObject({ minLength: 8, maxLength: 128 });
  });

  it('with a password: no setup link', async () => {
    const username = fresh('pw');
    const res = await api.post('/api/v1/users', admin, {
      username,
      role: 'user',
      password: 'a-good-password',
      displayName: 'Pat',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username,
      displayName: 'Pat',
      role: 'user',
      hasPassword: true,
      hasIdentity: false,
    });
    expect(res.body).not.toHaveProperty('setupLink');
    expect(res.body).not.toHaveProperty('setupLinkExpiresAt');
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/CreatedUserAccount\.json$/);
    expect(
      (await request(t.app).post('/api/v1/auth/login').send({ username, password: 'a-good-password' }))
        .status,
    ).toBe(200);
  });

  it('without a password: a setup link valid for one week', async () => {
    const username = fresh('inv');
    const before = Date.now();
    const res = await api.post('/api/v1/users', admin, { username, role: 'user' });
    expect(res.status).toBe(201);
    expect(res.body.hasPassword).toBe(false);
    const { path, expiresAt } = res.body.setupLink;
    expect(path).toMatch(/^\/setup\/[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    expect(res.body.setupLinkExpiresAt).toBe(expiresAt);
    // Only the digest is stored.
    const stored = await t.database.db.selectFrom('one_time_links').selectAll().execute();
    expect(stored.some((l) => l.token_digest === tokenOf(path))).toBe(false);
    expect(stored.every((l) => /^[0-9a-f]{64}$/.test(l.token_digest))).toBe(true);
  });

  it('refuses an API token that sends no password', async () => {
    const token = await t.token(admin, ['users:write']);
    const username = fresh('tok');
    // Account creation without a password is session-only: a token is refused as such, 403.
    const res = await api.post('/api/v1/users', { token }, { username, role: 'user' });
    expect(res.status).toBe(403);
    expect(res.body.type).toBe('urn:larder:problem:accounts.setup_link_needs_session');
    const withPassword = await api.post(
      '/api/v1/users',
      { token },
      { username, role: 'user', password: 'a-good-password' },
    );
    expect(withPassword.status).toBe(201);
    expect(withPassword.body).not.toHaveProperty('setupLink');
  });

  it('answers 409 for a username taken in any case', async () => {
    const username = fresh('Dup');
    expect((await api.post('/api/v1/users', t.owner, { username, role: 'user' })).status).toBe(201);
    const again = await api.post('/api/v1/users', t.owner, {
      username: username.toUpperCase(),
      role: 'user',
    });
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await api.post('/api/v1/users', t.owner, { username: 'OWNER', role: 'user' })).status).toBe(409);
  });

  it('treats usernames that only look different in Unicode as one name', async () => {
    // Full-width letters fold to their plain forms.
    expect((await api.post('/api/v1/users', t.owner, { username: 'ＯＷＮＥＲ', role: 'user' })).status).toBe(
      409,
    );
    // `e` followed by a combining acute accent is stored composed, as `é`.
    expect((await api.post('/api/v1/users', t.owner, { username: 'Caf\u00e9', role: 'user' })).status).toBe(
      201,
    );
    const decomposed = await api.post('/api/v1/users', t.owner, { username: 'Cafe\u0301', role: 'user' });
    expect(decomposed.status).toBe(409);
    // And the composed name signs in however it is typed.
    const created = await api.post('/api/v1/users', t.owner, {
      username: 'Ame\u0301lie',
      role: 'user',
      password: 'amelie-password-1',
    });
    expect(created.status).toBe(201);
    expect(created.body.username).toBe('Am\u00e9lie');
    expect((await t.login('AM\u00c9LIE', 'amelie-password-1')).length).toBeGreaterThan(0);
  });

  it('refuses bad usernames and passwords at their fields', async () => {
    const res = await api.post('/api/v1/users', t.owner, {
      username: 'has space',
      role: 'user',
      password: 'é'.repeat(40),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { location: string }) => e.location).sort()).toEqual([
      'body.password',
      'body.username',
    ]);
    const short = await api.post('/api/v1/users', t.owner, {
      username: fresh(),
      role: 'user',
      password: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([expect.objectContaining({ location: 'body.password' })]);
  });
});

describe('setup links', () => {
  it('inspect names the account and purpose without using the link', async () => {
    const res = await api.post('/api/v1/users', t.owner, {
      username: fresh('i'),
      role: 'user',
      displayName: 'Invited One',
    });
    const token = tokenOf(res.body.setupLink.path);
    const first = await inspect(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      username: res.body.username,
      displayName: 'Invited One',
      purpose: 'setup',
    });
    expect(Object.keys(first.body).sort()).toEqual(['$schema', 'displayName', 'purpose', 'username']);
    expect((await inspect(token)).status).toBe(200);
  });

  it('inspect by an address (GET ?token=) answers the same, and 404 / 422 alike', async () => {
    const target = await create('user', false);
    const byBody = await inspect(target.token);
    const byAddress = await request(t.app).get('/api/v1/auth/setup/inspect').query({ token: target.token });
    expect(byAddress.status).toBe(200);
    const { $schema: _a, ...answer } = byAddress.body;
    const { $schema: _b, ...asByBody } = byBody.body;
    expect(answer).toEqual(asByBody);
    const unknown = await request(t.app)
      .get('/api/v1/auth/setup/inspect')
      .query({ token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toEqual((await inspect('A'.repeat(43))).body.detail);
    const missing = await request(t.app).get('/api/v1/auth/setup/inspect');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].location).toBe('query.token');
    expect((await redeem(target.token)).status).toBe(200);
    expect((await request(t.app).get(`/api/v1/auth/setup/inspect?token=${target.token}`)).status).toBe(404);
  });

  it('redeem sets the password, signs in once, and a second redemption is 404', async () => {
    const target = await create('user', false);
    const res = await redeem(target.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, hasPassword: true });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^service_session=/);
    expect((await me(cookie)).body.id).toBe(target.id);
    expect(
      (
        await request(t.app)
          .post('/api/v1/auth/login')
          .send({ username: target.username, password: 'chosen-password' })
      ).status,
    ).toBe(200);
    const again = await redeem(target.token, 'another-password');
    expect(again.status).toBe(404);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await inspect(target.token)).status).toBe(404);
    expect(
      (
        await request(t.app)
          .post('/api/v1/auth/login')
          .send({ username: target.username, password: 'another-password' })
      ).status,
    ).toBe(401);
    const listed = (await api.get('/api/v1/users', t.owner)).body.items.find(
      (u: { id: string }) => u.id === target.id,
    );
    expect(listed).not.toHaveProperty('setupLinkExpiresAt');
  });

  it("redeeming ends the account's other sessions", async () => {
    const target = await create('user', false);
    // An account without a password has a session only through another way in (single sign-on).
    const account = (await t.container.resolve(AccountManagement).people()).find((a) => a.id === target.id)!;
    const other = `service_session=${(await t.container.resolve(SignInService).startSession(account)).sessionToken}`;
    expect((await me(other)).status).toBe(200);
    const res = await redeem(target.token);
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(cookieOf(res))).status).toBe(200);
  });

  it('refuses a weak or over-long password without using the link', async () => {
    const target = await create('user', false);
    const short = await redeem(target.token, 'short');
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([expect.objectContaining({ location: 'body.password' })]);
    const long = await redeem(target.token, 'é'.repeat(40));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual([expect.objectContaining({ location: 'body.password' })]);
    expect((await redeem(target.token)).status).toBe(200);
  });

  it('lets exactly one of two concurrent redemptions win', async () => {
    for (let round = 0; round < 3; round++) {
      const target = await create('user', false);
      const [a, b] = await Promise.all([
        redeem(target.token, 'password-of-a'),
        redeem(target.token, 'password-of-b'),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 404]);
      const winner = a.status === 200 ? 'password-of-a' : 'password-of-b';
      const loser = a.status === 200 ? 'password-of-b' : 'password-of-a';
      const login = (password: string) =>
        request(t.app).post('/api/v1/auth/login').send({ username: target.username, password });
      expect((await login(winner)).status).toBe(200);
      expect((await login(loser)).status).toBe(401);
      const sessions = await t.database.db
        .selectFrom('sessions')
        .select('token_digest')
        .where('account_id', '=', target.id)
        .execute();
      expect(sessions).toHaveLength(2); // the winner's redemption and the login above
    }
  });

  it('dies after one week', async () => {
    const target = await create('user', false);
    t.clock.advance(6 * DAY);
    expect((await inspect(target.token)).status).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await inspect(target.token)).status).toBe(404);
    expect((await redeem(target.token)).status).toBe(404);
    // The clock moved past the sessions too.
    t.owner.cookie = await t.login(t.owner.username, t.owner.password);
    admin.cookie = await t.login(admin.username, admin.password);
    user.cookie = await t.login(user.username, user.password);
    const listed = (await api.get('/api/v1/users', t.owner)).body.items.find(
      (u: { id: string }) => u.id === target.id,
    );
    expect(listed).not.toHaveProperty('setupLinkExpiresAt');
    expect(listed.hasPassword).toBe(false);
  });

  it('POST setup-link replaces the open link', async () => {
    const target = await create('user', false);
    const res = await api.post(`/api/v1/users/${target.id}/setup-link`, admin, { mail: false });
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/^\/setup\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(t.clock.now().getTime() + 7 * DAY - 5000);
    const fresher = tokenOf(res.body.path);
    expect(fresher).not.toBe(target.token);
    expect((await inspect(target.token)).status).toBe(404);
    expect((await redeem(target.token)).status).toBe(404);
    expect((await inspect(fresher)).status).toBe(200);
    const listed = (await api.get('/api/v1/users', t.owner)).body.items.find(
      (u: { id: string }) => u.id === target.id,
    );
    expect(listed.setupLinkExpiresAt).toBe(res.body.expiresAt);
  });

  it('POST setup-link is 409 for an account that has a password', async () => {
    const target = await create('user', true);
    const res = await api.post(`/api/v1/users/${target.id}/setup-link`, t.owner);
    expect(res.status).toBe(409);
    expect((await api.post('/api/v1/users/no-such-id/setup-link', t.owner)).status).toBe(404);
  });

  it('DELETE setup-link revokes it', async () => {
    const target = await create('user', false);
    let listed = (await api.get('/api/v1/users', admin)).body.items.find(
      (u: { id: string }) => u.id === target.id,
    );
    expect(typeof listed.setupLinkExpiresAt).toBe('string');
    const res = await api.delete(`/api/v1/users/${target.id}/setup-link`, admin);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await inspect(target.token)).status).toBe(404);
    expect((await redeem(target.token)).status).toBe(404);
    listed = (await api.get('/api/v1/users', admin)).body.items.find(
      (u: { id: string }) => u.id === target.id,
    );
    expect(listed).not.toHaveProperty('setupLinkExpiresAt');
  });

  it('DELETE setup-link answers 204 always: again, once used, and for an account with a password', async () => {
    const target = await create('user', false);
    expect((await api.delete(`/api/v1/users/${target.id}/setup-link`, admin)).status).toBe(204);
    const again = await api.delete(`/api/v1/users/${target.id}/setup-link`, admin);
    expect([again.status, again.text]).toEqual([204, '']);
    const redeemed = await create('user', false);
    expect((await redeem(redeemed.token)).status).toBe(200);
    expect((await api.delete(`/api/v1/users/${redeemed.id}/setup-link`, admin)).status).toBe(204);
    const withPassword = await create('user', true);
    expect((await api.delete(`/api/v1/users/${withPassword.id}/setup-link`, admin)).status).toBe(204);
    // An account that does not exist is still a 404.
    expect((await api.delete('/api/v1/users/no-such-id/setup-link', admin)).status).toBe(404);
  });

  it('answers an unknown token 404 exactly like a used one', async () => {
    const res = await inspect('A'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ title: 'Not Found', status: 404 });
    expect((await redeem('A'.repeat(43))).status).toBe(404);
  });
});

describe('changing and deleting accounts', () => {
  it('PATCH changes only named fields', async () => {
    const target = await create();
    const res = await api.patch(`/api/v1/users/${target.id}`, t.owner, {
      displayName: 'Renamed',
      color: 'olive',
      canSharePublicly: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: target.id,
      username: target.username,
      displayName: 'Renamed',
      color: 'olive',
      canSharePublicly: false,
      role: 'user',
    });
    const again = await api.patch(`/api/v1/users/${target.id}`, admin, { canSharePublicly: true });
    expect(again.body).toMatchObject({ displayName: 'Renamed', color: 'olive', canSharePublicly: true });
    expect((await api.patch('/api/v1/users/no-such-id', admin, { displayName: 'x' })).status).toBe(404);
  });

  it('PATCH with a password ends every session of that account', async () => {
    const target = await create();
    const cookie = await t.login(target.username, target.password);
    const second = await t.login(target.username, target.password);
    const bystander = await t.login(user.username, user.password);
    const res = await api.patch(`/api/v1/users/${target.id}`, admin, { password: 'set-by-admin' });
    expect(res.status).toBe(200);
    expect(res.body.hasPassword).toBe(true);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await me(bystander)).status).toBe(200);
    expect((await me(admin.cookie)).status).toBe(200);
    expect((await t.login(target.username, 'set-by-admin')).length).toBeGreaterThan(0);
  });

  it('PATCH refuses a password over 72 bytes at body.password', async () => {
    const target = await create();
    const res = await api.patch(`/api/v1/users/${target.id}`, admin, { password: 'é'.repeat(40) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: 'body.password' })]);
  });

  it('deleting an account ends its sessions and API tokens', async () => {
    const target = await create();
    const cookie = await t.login(target.username, target.password);
    const member: Member = { ...target, cookie };
    const token = await t.token(member, ['recipes:read']);
    expect((await api.get('/api/v1/settings', { token })).status).toBe(200);
    expect((await api.delete(`/api/v1/users/${target.id}`, admin)).status).toBe(204);
    expect((await me(cookie)).status).toBe(401);
    expect((await api.get('/api/v1/settings', { token })).status).toBe(401);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('token_digest')
      .where('account_id', '=', target.id)
      .execute();
    const apiTokens = await t.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('owner_id', '=', target.id)
      .execute();
    expect(sessions).toHaveLength(0);
    expect(apiTokens).toHaveLength(0);
    expect((await api.delete(`/api/v1/users/${target.id}`, admin)).status).toBe(404);
  });
});
