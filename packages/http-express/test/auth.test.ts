import { AccountManagement, SignInService } from '@larder/domain';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { composeContainer } from '../src/composition-root.js';
import { pino } from 'pino';
import { type Member, type TestApp, OWNER, startTestApp } from '../test-support/test-app.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function setCookieOf(res: request.Response): string {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0] ?? '';
}

function cookieOf(res: request.Response): string {
  return setCookieOf(res).split(';')[0] ?? '';
}

const login = (username: string, password: string) =>
  request(t.app).post('/api/v1/auth/login').send({ username, password });
/** A problem body without its `$schema`, whose origin names supertest's ephemeral port. */
function problemOf(res: request.Response): Record<string, unknown> {
  const { $schema: _schema, ...rest } = res.body as Record<string, unknown>;
  return rest;
}
const me = (cookie: string) => request(t.app).get('/api/v1/auth/me').set('Cookie', cookie);

describe('login', () => {
  it('sets service_session HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http', async () => {
    const res = await login(OWNER.username, OWNER.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'owner', role: 'superadmin', hasPassword: true });
    expect(res.body).not.toHaveProperty('passwordHash');
    const header = setCookieOf(res);
    expect(header).toMatch(/^service_session=[A-Za-z0-9_-]{43};/);
    const attributes = header.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    expect((await me(cookieOf(res))).status).toBe(200);
  });

  // Written in capitals the URL is https all the same (its cookie went without Secure).
  it.each(['https://larder.example', 'HTTPS://LARDER.EXAMPLE:443/'])(
    'marks the cookie Secure when SERVICE_PUBLIC_URL is https (%j)',
    async (publicUrl) => {
      const secure = await startTestApp({ SERVICE_PUBLIC_URL: publicUrl });
      try {
        const res = await request(secure.app).post('/api/v1/auth/login').send(OWNER);
        expect(res.status).toBe(200);
        const attributes = setCookieOf(res)
          .split(';')
          .map((a) => a.trim().toLowerCase());
        expect(attributes).toContain('secure');
        expect(attributes).toContain('httponly');
        const out = await request(secure.app).post('/api/v1/auth/logout').set('Cookie', cookieOf(res));
        expect(out.status).toBe(204);
        expect(setCookieOf(out).toLowerCase()).toContain('secure');
      } finally {
        await secure.close();
      }
    },
  );

  it('answers a wrong password and an unknown user with the identical 401', async () => {
    const wrong = await login(OWNER.username, 'not-the-password');
    const unknown = await login('nobody-here', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemOf(unknown)).toEqual(problemOf(wrong));
    expect(problemOf(wrong)).toEqual({
      type: 'urn:larder:problem:auth.bad_credentials',
      title: 'Unauthorized',
      status: 401,
      detail: expect.any(String),
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('treats the username without case and surrounding space', async () => {
    const res = await login('  OWNER ', OWNER.password);
    expect(res.status).toBe(200);
  });

  it('refuses an over-long password at login with the same 401, not a cut-off match', async () => {
    const long = 'p'.repeat(72);
    const m = await t.member('user', 'longpass');
    const set = await request(t.app)
      .patch(`/api/v1/users/${m.id}`)
      .set('Cookie', t.owner.cookie)
      .send({ password: long });
    expect(set.status).toBe(200);
    expect((await login('longpass', long)).status).toBe(200);
    // bcrypt would match on the first 72 bytes; the service must not.
    const res = await login('longpass', `${long}extra`);
    expect(res.status).toBe(401);
    expect(problemOf(res)).toEqual(problemOf(await login('nobody-here', 'x')));
  });
});

describe('login throttle', () => {
  it('answers 429 with Retry-After after 5 failures, even to the right password, from any instance', async () => {
    const m = await t.member('user', 'throttled');
    for (let i = 0; i < 5; i++) expect((await login('throttled', 'wrong-password')).status).toBe(401);
    const locked = await login('throttled', m.password);
    expect(locked.status).toBe(429);
    expect(locked.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();

    // A second application on the same database sees the same throttle: it lives in the database.
    const container = composeContainer(t.config, t.database, { clock: t.clock });
    const second = createApp({
      config: t.config,
      container,
      logger: pino({ level: 'silent' }),
      checkResponses: true,
    });
    const elsewhere = await request(second)
      .post('/api/v1/auth/login')
      .send({ username: 'THROTTLED', password: m.password });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.database.db
      .selectFrom('sign_in_attempts')
      .selectAll()
      .where('key', '=', 'username:throttled')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('throttles unknown usernames alike', async () => {
    for (let i = 0; i < 5; i++) expect((await login('ghost', 'wrong-password')).status).toBe(401);
    expect((await login('ghost', 'wrong-password')).status).toBe(429);
  });

  it('lets the right password in again once the window has passed', async () => {
    const m = await t.member('user', 'waiter');
    for (let i = 0; i < 5; i++) await login('waiter', 'wrong-password');
    expect((await login('waiter', m.password)).status).toBe(429);
    t.clock.advance(14 * MINUTE);
    const still = await login('waiter', m.password);
    expect(still.status).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(1 * MINUTE + 1000);
    expect((await login('waiter', m.password)).status).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const m = await t.member('user', 'forgiven');
    for (let i = 0; i < 3; i++) await login('forgiven', 'wrong-password');
    expect((await login('forgiven', m.password)).status).toBe(200);
    // Within the same window: without the reset these would make six failures.
    for (let i = 0; i < 3; i++) expect((await login('forgiven', 'wrong-password')).status).toBe(401);
    expect((await login('forgiven', m.password)).status).toBe(200);
  });

  it('starts a new window when failures are spread out', async () => {
    const m = await t.member('user', 'spread');
    for (let i = 0; i < 4; i++) await login('spread', 'wrong-password');
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login('spread', 'wrong-password')).status).toBe(401);
    expect((await login('spread', m.password)).status).toBe(200);
  });
});

describe('logout', () => {
  it('answers 204, clears the cookie and ends the session server-side', async () => {
    const cookie = cookieOf(await login(OWNER.username, OWNER.password));
    expect((await me(cookie)).status).toBe(200);
    const res = await request(t.app).post('/api/v1/auth/logout').set('Cookie', cookie);
    expect(res.status).toBe(204);
    expect(setCookieOf(res)).toMatch(/^service_session=;/);
    expect((await me(cookie)).status).toBe(401);
    expect((await request(t.app).post('/api/v1/auth/logout').set('Cookie', cookie)).status).toBe(401);
  });

  it('needs a session', async () => {
    expect((await request(t.app).post('/api/v1/auth/logout')).status).toBe(401);
  });
});

describe('GET /api/v1/auth/me', () => {
  it('answers the signed-in account', async () => {
    const m = await t.member('user', 'reader');
    const res = await me(m.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: m.id,
      username: 'reader',
      displayName: 'reader',
      role: 'user',
      locale: 'en',
      hasPassword: true,
      email: '',
      emailVerified: false,
      emailConfirmationPending: false,
    });
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/UserResponse\.json$/);
  });

  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/v1/auth/me');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('PATCH /api/v1/auth/me (password change)', () => {
  let m: Member;
  beforeEach(async () => {
    m = await t.member('user');
  });

  it('needs the current password', async () => {
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ password: 'a-new-password' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: 'body.currentPassword' })]);
    expect((await login(m.username, 'a-new-password')).status).toBe(401);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ currentPassword: 'wrong-password', password: 'a-new-password' });
    expect(res.status).toBe(401);
    expect((await me(m.cookie)).status).toBe(200);
    expect((await login(m.username, m.password)).status).toBe(200);
  });

  it("ends the account's other sessions and keeps the calling one", async () => {
    const other = cookieOf(await login(m.username, m.password));
    const someoneElse = await t.member('user');
    expect((await me(other)).status).toBe(200);
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ currentPassword: m.password, password: 'a-new-password' });
    expect(res.status).toBe(204);
    expect((await me(m.cookie)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(someoneElse.cookie)).status).toBe(200);
    expect((await login(m.username, m.password)).status).toBe(401);
    expect((await login(m.username, 'a-new-password')).status).toBe(200);
  });

  it('refuses passwords over 72 bytes of UTF-8 at body.password', async () => {
    const password = 'é'.repeat(40); // 40 characters, 80 bytes
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ currentPassword: m.password, password });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: 'body.password' })]);
    expect((await login(m.username, m.password)).status).toBe(200);
  });

  it('accepts exactly 72 bytes', async () => {
    const password = 'é'.repeat(36);
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ currentPassword: m.password, password });
    expect(res.status).toBe(204);
    expect((await login(m.username, password)).status).toBe(200);
  });

  it('refuses passwords under 8 characters at body.password', async () => {
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', m.cookie)
      .send({ currentPassword: m.password, password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: 'body.password' })]);
  });

  it('lets an account without a password set one without currentPassword', async () => {
    const created = await request(t.app)
      .post('/api/v1/users')
      .set('Cookie', t.owner.cookie)
      .send({ username: 'nopass', role: 'user' });
    expect(created.body.hasPassword).toBe(false);
    // Such an account signs in another way (single sign-on arrives later): open its session directly.
    const account = await t.container.resolve(AccountManagement).people();
    const target = account.find((a) => a.username === 'nopass');
    const signedIn = await t.container.resolve(SignInService).startSession(target!);
    const cookie = `service_session=${signedIn.sessionToken}`;
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Cookie', cookie)
      .send({ password: 'first-password' });
    expect(res.status).toBe(204);
    expect((await login('nopass', 'first-password')).status).toBe(200);
    expect((await me(cookie)).body.hasPassword).toBe(true);
  });

  it('is refused to an API token', async () => {
    const token = await t.token(m, ['users:write', 'recipes:write']);
    const res = await request(t.app)
      .patch('/api/v1/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: m.password, password: 'a-new-password' });
    expect(res.status).toBe(403);
  });
});

describe('PATCH /api/v1/auth/me/profile', () => {
  it('changes display name, colour and language, and only those named', async () => {
    const m = await t.member('user');
    const res = await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ displayName: '  Kitchen Cat ', color: 'teal', locale: 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Kitchen Cat',
      color: 'teal',
      locale: 'de',
      username: m.username,
    });
    const partial = await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ color: 'plum' });
    expect(partial.body).toMatchObject({ displayName: 'Kitchen Cat', color: 'plum', locale: 'de' });
    expect((await me(m.cookie)).body).toMatchObject({
      displayName: 'Kitchen Cat',
      color: 'plum',
      locale: 'de',
    });
  });

  it('refuses an unknown colour at body.color and an empty name at body.displayName', async () => {
    const m = await t.member('user');
    const color = await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ color: 'mauve' });
    expect(color.status).toBe(422);
    expect(color.body.errors).toEqual([expect.objectContaining({ location: 'body.color' })]);
    const name = await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ displayName: '   ' });
    expect(name.status).toBe(422);
    expect(name.body.errors).toEqual([expect.objectContaining({ location: 'body.displayName' })]);
    const locale = await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', m.cookie)
      .send({ locale: 'xx' });
    expect(locale.status).toBe(422);
    expect(locale.body.errors).toEqual([expect.objectContaining({ location: 'body.locale' })]);
  });
});

describe('GET /api/v1/auth/me/colors', () => {
  it('lists every colour of the palette with how many accounts hold it', async () => {
    const m = await t.member('user');
    await request(t.app).patch('/api/v1/auth/me/profile').set('Cookie', m.cookie).send({ color: 'slate' });
    const res = await request(t.app).get('/api/v1/auth/me/colors').set('Cookie', m.cookie);
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{ color: string; count: number }>;
    expect(items.map((i) => i.color)).toEqual([
      'amber',
      'clay',
      'rose',
      'plum',
      'sage',
      'olive',
      'teal',
      'slate',
    ]);
    const accounts = await t.database.db.selectFrom('accounts').select(['color']).execute();
    for (const { color, count } of items) {
      expect(count).toBe(accounts.filter((a) => a.color === color).length);
    }
    expect(items.reduce((sum, i) => sum + i.count, 0)).toBe(accounts.length);
    expect(items.find((i) => i.color === 'slate')?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('session expiry', () => {
  it('ends a session unused for more than 30 days', async () => {
    const cookie = cookieOf(await login(OWNER.username, OWNER.password));
    t.clock.advance(31 * DAY);
    expect((await me(cookie)).status).toBe(401);
  });

  it("renews the cookie's expiry when a session is extended, at most hourly", async () => {
    const cookie = cookieOf(await login(OWNER.username, OWNER.password));
    t.clock.advance(30 * MINUTE);
    const soon = await me(cookie);
    expect(soon.status).toBe(200);
    expect(soon.headers['set-cookie']).toBeUndefined();
    t.clock.advance(20 * DAY);
    const later = await me(cookie);
    expect(later.status).toBe(200);
    const header = setCookieOf(later);
    expect(header.split(';')[0]).toBe(cookie);
    const attributes = header.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    const expires = Date.parse(
      header
        .split(';')
        .map((a) => a.trim())
        .find((a) => a.startsWith('Expires='))!
        .slice(8),
    );
    expect(Math.abs(expires - (t.clock.now().getTime() + 30 * DAY))).toBeLessThan(2000);
  });

  it('slides: a session used within 30 days lives on', async () => {
    const cookie = cookieOf(await login(OWNER.username, OWNER.password));
    t.clock.advance(20 * DAY);
    expect((await me(cookie)).status).toBe(200);
    t.clock.advance(20 * DAY);
    expect((await me(cookie)).status).toBe(200);
    t.clock.advance(29 * DAY);
    expect((await me(cookie)).status).toBe(200);
    t.clock.advance(31 * DAY);
    expect((await me(cookie)).status).toBe(401);
  });
});
