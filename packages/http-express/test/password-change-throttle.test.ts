import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';

const MINUTE = 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  request(t.app).post('/api/v1/auth/login').send({ username, password });
const changePassword = (m: Member, currentPassword: string, password = 'a-new-password') =>
  request(t.app).patch('/api/v1/auth/me').set('Cookie', m.cookie).send({ currentPassword, password });

describe('PATCH /api/v1/auth/me counts wrong current passwords in the login throttle', () => {
  it('answers 429 with Retry-After after 5 wrong current passwords, and throttles login too', async () => {
    const m = await t.member('user', 'guesser');
    for (let i = 0; i < 5; i++) expect((await changePassword(m, 'wrong-password')).status).toBe(401);

    const sixth = await changePassword(m, 'wrong-password');
    expect(sixth.status).toBe(429);
    expect(sixth.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // While locked, even the right password changes nothing, here or at the sign-in form.
    expect((await changePassword(m, m.password)).status).toBe(429);
    const locked = await login(m.username, m.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(m.username, m.password)).status).toBe(200);
    expect((await changePassword(m, m.password)).status).toBe(204);
    expect((await login(m.username, 'a-new-password')).status).toBe(200);
  });

  it('counts failed sign-ins against the password change', async () => {
    const m = await t.member('user', 'signer');
    for (let i = 0; i < 5; i++) expect((await login(m.username, 'wrong-password')).status).toBe(401);
    expect((await changePassword(m, m.password)).status).toBe(429);
    expect((await login(m.username, m.password)).status).toBe(429);
  });

  it('forgets earlier failures once the right current password was given', async () => {
    const m = await t.member('user', 'forgetful');
    for (let i = 0; i < 3; i++) expect((await changePassword(m, 'wrong-password')).status).toBe(401);
    expect((await changePassword(m, m.password)).status).toBe(204);
    // Within the same window: without the reset the third of these would make six failures.
    for (let i = 0; i < 3; i++) expect((await login(m.username, 'wrong-password')).status).toBe(401);
    expect((await login(m.username, 'a-new-password')).status).toBe(200);
  });
});
