/**
 * The sign-in guard: every attempt is counted before its password is checked, so a burst never
 * buys more checks than the rules allow; and nobody can keep a member out: counts are per
 * (username, client address) and per address, and a username alone is only slowed down, briefly.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { BcryptPasswordHasher } from '@larder/adapters-crypto';
import { type PasswordHasher, SIGN_IN_WINDOW_MS, STORE, type Store } from '@larder/domain';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

/** The real bcrypt hasher, counting how many passwords it checked. */
class CountingHasher implements PasswordHasher {
  private readonly real = new BcryptPasswordHasher(10);
  checks = 0;
  get dummyHash() {
    return this.real.dummyHash;
  }
  hash(password: string) {
    return this.real.hash(password);
  }
  async verify(password: string, hash: string) {
    this.checks++;
    return this.real.verify(password, hash);
  }
}

describe('a burst of guesses from one address', () => {
  let t: TestApp;
  let hasher: CountingHasher;
  let server: Server;
  beforeAll(async () => {
    hasher = new CountingHasher();
    t = await startTestApp({}, { hasher });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('checks no more than five of 300 simultaneous guesses, the right one among them', async () => {
    const m = await t.member('user', 'burst');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const guess = (password: string) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'burst', password }),
      }).then((res) => res.status);
    const passwords = Array.from({ length: 300 }, (_, i) => (i === 150 ? m.password : `guess-${i}`));
    hasher.checks = 0;
    const statuses = await Promise.all(passwords.map(guess));
    expect(hasher.checks).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(295);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
  });
});

describe('client addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SERVICE_TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(() => t.close());

  const loginFrom = (address: string, username: string, password: string) =>
    request(t.app).post('/api/v1/auth/login').set('X-Forwarded-For', address).send({ username, password });

  it('keeps the owner signing in from home however often somebody elsewhere guesses', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6; i++) await loginFrom('203.0.113.7', 'owner', `wrong-${round}-${i}`);
      expect((await loginFrom('203.0.113.7', 'owner', 'wrong')).status).toBe(429);
      expect((await loginFrom('198.51.100.9', 'owner', t.owner.password)).status).toBe(200);
    }
    // A session that was signed in all along never noticed.
    expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', t.owner.cookie)).status).toBe(200);
  });

  it('refuses an address that fails for many usernames, and only that address', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await loginFrom('203.0.113.50', `sprayed${i}`, 'wrong-password')).status).toBe(401);
    }
    const refused = await loginFrom('203.0.113.50', 'sprayed-more', 'wrong-password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom('203.0.113.51', 'owner', t.owner.password)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(`2001:db8:1:2::${i + 1}`, 'owner', 'wrong-password')).status).toBe(401);
    }
    expect((await loginFrom('2001:db8:1:2:ffff::9', 'owner', 'wrong-password')).status).toBe(429);
    expect((await loginFrom('2001:db8:1:3::1', 'owner', t.owner.password)).status).toBe(200);
  });

  it('slows a username guessed from many addresses down, briefly, and lets the right password in', async () => {
    const m = await t.member('user', 'popular');
    const before = t.clock.now().getTime();
    for (let i = 0; i < 9; i++) {
      expect((await loginFrom(`192.0.2.${i + 1}`, 'popular', 'wrong-password')).status).toBe(401);
    }
    // Five failures are free; then each check takes its turn: 0.5 s after the last, 1 s, 2 s …
    // … and the member's own attempt waits for its turn too (4 s later), never more than 10 s,
    // then gets in. (The turns are fixed in time: whatever else took time, the clock has passed them.)
    const waitedBefore = t.clock.waitedMs;
    expect((await loginFrom('192.0.2.200', 'popular', m.password)).status).toBe(200);
    expect(t.clock.now().getTime() - before).toBeGreaterThanOrEqual(500 + 1000 + 2000 + 4000);
    expect(t.clock.waitedMs - waitedBefore).toBeLessThanOrEqual(10_000);
    // The right password cleared the username's failures: no wait any more.
    const waitedAfter = t.clock.waitedMs;
    expect((await loginFrom('192.0.2.201', 'popular', m.password)).status).toBe(200);
    expect(t.clock.waitedMs).toBe(waitedAfter);
  });
});

describe('a device the member signed in from before', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SERVICE_TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(() => t.close());

  const loginFrom = (address: string, username: string, password: string, device?: string) => {
    const req = request(t.app).post('/api/v1/auth/login').set('X-Forwarded-For', address);
    if (device) req.set('Cookie', device);
    return req.send({ username, password });
  };
  /** The `service_device=…` cookie a sign-in set. */
  const deviceOf = (res: request.Response) =>
    String(res.headers['set-cookie'])
      .split(/,(?=\s*service_)/)
      .find((c) => c.trim().startsWith('service_device='))!
      .split(';')[0]!
      .trim();
  /** A crowd guessing from everywhere at once has booked the username's turns a minute ahead. */
  const crowd = async (username: string) => {
    const store = t.container.resolve<Store>(STORE);
    const rule = { free: 0, stepMs: 5_000, capMs: 5_000 };
    for (let i = 0; i < 12; i++) {
      await store.signInAttempts.count(`username:${username}`, t.clock.now(), SIGN_IN_WINDOW_MS);
      await store.signInAttempts.takeTurn(`username:${username}`, t.clock.now(), SIGN_IN_WINDOW_MS, rule);
    }
  };

  it('is remembered by a cookie sent to the sign-in only', async () => {
    const m = await t.member('user', 'remembered');
    const res = await loginFrom('198.51.100.1', 'remembered', m.password);
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /service_device=[0-9a-z]+\.[A-Za-z0-9_-]{43}; Path=\/api\/v1\/auth\/login; Expires=[^;]+; HttpOnly; SameSite=Strict/,
    );
  });

  it('gets its member in while a crowd guessing from everywhere keeps everybody else waiting', async () => {
    const m = await t.member('user', 'besieged');
    const device = deviceOf(await loginFrom('198.51.100.2', 'besieged', m.password));
    await crowd('besieged');
    // From a new address, without the device: the member waits behind the crowd like a guesser.
    expect((await loginFrom('198.51.100.3', 'besieged', m.password)).status).toBe(429);
    // With it, from anywhere: in at once.
    const waited = t.clock.waitedMs;
    expect((await loginFrom('198.51.100.4', 'besieged', m.password, device)).status).toBe(200);
    expect(t.clock.waitedMs).toBe(waited);
  });

  it("is one username's only, and one that keeps guessing waits like anybody else", async () => {
    const m = await t.member('user', 'careful');
    const other = await t.member('user', 'other');
    const device = deviceOf(await loginFrom('198.51.100.5', 'careful', m.password));
    await crowd('other');
    expect((await loginFrom('198.51.100.6', 'other', other.password, device)).status).toBe(429);
    await crowd('careful');
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(`198.51.100.${10 + i}`, 'careful', `wrong-${i}`, device)).status).toBe(401);
    }
    expect((await loginFrom('198.51.100.20', 'careful', m.password, device)).status).toBe(429);
  });

  it('counts for nothing when forged', async () => {
    const m = await t.member('user', 'forged');
    await crowd('forged');
    const forged = `service_device=${(Date.now() / 1000 + 86_400).toString(36).split('.')[0]}.${'A'.repeat(43)}`;
    expect((await loginFrom('198.51.100.30', 'forged', m.password, forged)).status).toBe(429);
  });
});

describe('without trusted proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: rotating it does not buy a guesser more checks', async () => {
    const login = (address: string, password: string) =>
      request(t.app)
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', address)
        .send({ username: 'owner', password });
    for (let i = 0; i < 5; i++) expect((await login(`203.0.113.${i}`, 'wrong-password')).status).toBe(401);
    expect((await login('203.0.113.99', 'wrong-password')).status).toBe(429);
  });
});
