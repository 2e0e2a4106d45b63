import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a known address asked with a method it does not take', () => {
  test.each([
    ['get', '/api/v1/import', 'POST'],
    ['get', '/api/v1/auth/login', 'POST'],
    ['delete', '/api/v1/recipes', 'GET, HEAD, POST'],
    ['patch', '/api/v1/recipes/some-id', 'DELETE, GET, HEAD, PUT'],
    ['post', '/api/v1/settings', 'GET, HEAD, PATCH'],
    ['put', '/api/v1/tokens/some-id', 'DELETE'],
    // GET and DELETE /mcp answer their own 405: they are no methods /mcp takes.
    ['put', '/mcp', 'POST'],
  ])('%s %s is a 405 naming what it takes (%s)', async (method, path, allow) => {
    const res = await request(t.app)[method as 'get'](path).set('Cookie', t.owner.cookie);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe(allow);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    expect(res.body.detail).toContain(allow);
  });

  it('answers as before where the method is taken, and 404 where the address names nothing', async () => {
    expect((await request(t.app).get('/api/v1/recipes').set('Cookie', t.owner.cookie)).status).toBe(200);
    expect((await request(t.app).get('/api/v1/recipes')).status).toBe(401);
    const nothing = await request(t.app).get('/api/v1/nothing-here');
    expect(nothing.status).toBe(404);
    expect(nothing.headers['allow']).toBeUndefined();
    // Paths match as the routes do: case-sensitive.
    expect((await request(t.app).get('/API/v1/import')).status).toBe(404);
  });
});
