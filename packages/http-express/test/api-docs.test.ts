import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs', () => {
  it('is a page of this origin only: its scripts from here, nothing to fetch elsewhere', async () => {
    const page = await request(t.app).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = page.headers['content-security-policy'] as string;
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "font-src 'self' data:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(page.text).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(page.text).not.toMatch(/<script>|https?:\/\//);
    const start = await request(t.app).get('/api/docs/start.js').expect(200);
    expect(start.text).toContain("url: '/api/v1/openapi.json'");
    expect(start.text).toContain('withDefaultFonts: false');
  });

  it('serves the renderer from the package, its web fonts made local, cached by ETag', async () => {
    const bundle = await request(t.app)
      .get('/api/docs/scalar.js')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    const text = bundle.body as string;
    expect(text).toContain('createApiReference');
    expect(text).not.toContain('fonts.scalar.com');
    expect(text).toContain('local("inter-latin")');
    await request(t.app)
      .get('/api/docs/scalar.js')
      .set('If-None-Match', bundle.headers['etag'] as string)
      .expect(304);
  });
});
