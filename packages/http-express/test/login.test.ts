import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('the owner signs in and reads their account', async () => {
  const res = await request(t.app).get('/api/v1/auth/me').set('Cookie', t.owner.cookie);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ username: 'owner', role: 'superadmin', hasPassword: true });
  expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/UserResponse\.json$/);
  expect(res.headers['link']).toMatch(/rel="describedBy"/);
});
