import { type AddressInfo, connect } from 'node:net';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { as, createRecipe } from './recipe-fixtures.js';
import { setSettings, share } from './share-helpers.js';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SERVICE_METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = () => request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

  it('counts a request by its operation and status class, with its latency', async () => {
    const recipe = await createRecipe(t, t.owner, { title: 'Counted soup' });
    await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner).expect(200);
    await as(request(t.app).get('/api/v1/recipes/nope'), t.owner).expect(404);
    const res = await scrape().expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^larder_http_requests_total\{operation="get-recipe",status="2xx"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^larder_http_requests_total\{operation="get-recipe",status="4xx"\} [1-9]\d*$/m);
    expect(res.text).toMatch(
      /^larder_http_request_duration_seconds_count\{operation="create-recipe"\} [1-9]/m,
    );
  });

  it('shows the read cache, the renderer, the mail outbox and the process', async () => {
    const res = await scrape().expect(200);
    expect(res.text).toMatch(/^larder_read_cache_reads\{source="cache"\} \d+$/m);
    expect(res.text).toMatch(/^larder_image_renders\{state="waiting"\} 0$/m);
    expect(res.text).toMatch(/^larder_mail_outbox\{state="waiting"\} \d+$/m);
    expect(res.text).toMatch(/^larder_process_resident_memory_bytes \d+/m);
    if (t.database.kind === 'pg')
      expect(res.text).toMatch(/^larder_database_pool_connections\{state="open"\} \d+$/m);
  });

  it('wants its own token: no token, a wrong one or a member’s API token is a 401', async () => {
    await request(t.app).get('/metrics').expect(401);
    await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    const apiToken = await t.token(t.owner, ['recipes:read']);
    await request(t.app).get('/metrics').set('Authorization', `Bearer ${apiToken}`).expect(401);
  });

  it('is off without SERVICE_METRICS_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      await request(plain.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the log line of a request', () => {
  it('names the operation and the caller’s account, and no credential', async () => {
    const logs: string[] = [];
    const t = await startTestApp({}, { logs });
    try {
      const token = await t.token(t.owner, ['recipes:read']);
      await request(t.app).get('/api/v1/tags').set('Authorization', `Bearer ${token}`).expect(200);
      await request(t.app).get('/api/v1/tags').expect(401);
      const lines = logs
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l['msg'] === 'request');
      const tagged = lines.filter((l) => l['path'] === '/api/v1/tags');
      expect(tagged[0]).toMatchObject({ operationId: 'list-tags', accountId: t.owner.id, status: 200 });
      expect(tagged[1]).toMatchObject({ operationId: 'list-tags', status: 401 });
      expect(tagged[1]).not.toHaveProperty('accountId');
      const text = logs.join('\n');
      expect(text).not.toContain(token);
      expect(text).not.toContain(t.owner.cookie.split('=')[1]!);
    } finally {
      await t.close();
    }
  });
});

describe('the log line of a request with a link in its path', () => {
  it('shows no token of a setup, reset, confirmation or public link, only `:token`', async () => {
    const logs: string[] = [];
    const t = await startTestApp({}, { logs });
    try {
      const created = await request(t.app)
        .post('/api/v1/users')
        .set('Cookie', t.owner.cookie)
        .send({ username: 'newcomer', role: 'user' })
        .expect(201);
      const setupToken = String(created.body.setupLink.path).replace(/^\/setup\//, '');
      await setSettings(t, { publicShares: true });
      const recipe = await createRecipe(t, t.owner, { title: 'Shared soup' });
      const shareToken = (await share(t, t.owner, recipe.id)).token;
      const confirmToken = 'c0nfirmati0n-t0ken-0123456789abcdefghijklmn';
      const visits = [
        `/setup/${setupToken}`,
        `/confirm-email/${confirmToken}`,
        `/s/${shareToken}`,
        `/api/v1/public/shares/${shareToken}`,
        `/public-images/${shareToken}/no-such-image/thumb.jpg`,
        // Not a route, but the token is live all the same.
        `/SETUP/${setupToken}/more`,
      ];
      for (const path of visits) await request(t.app).get(path);
      const paths = logs
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l['msg'] === 'request')
        .map((l) => l['path']);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/setup/:token',
          '/confirm-email/:token',
          '/s/:token',
          '/api/v1/public/shares/:token',
          '/public-images/:token/no-such-image/thumb.jpg',
          '/SETUP/:token/more',
        ]),
      );
      const text = logs.join('\n');
      for (const token of [setupToken, shareToken, confirmToken]) expect(text).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});

describe('a client that hangs up mid-upload', () => {
  it('is no error of ours: nothing logged as an error, the service answers on', async () => {
    const logs: string[] = [];
    const t = await startTestApp({}, { logs });
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // An import that announces 1 MB, sends a little, and hangs up.
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/v1/import HTTP/1.1\r\nHost: x\r\nCookie: ${t.owner.cookie}\r\n` +
              'Content-Type: application/zip\r\nContent-Length: 1000000\r\n\r\nPK\u0003\u0004',
          );
          setTimeout(() => socket.destroy(), 200);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      // Whatever the service made of it is settled once it answers the next request.
      for (let i = 0; i < 200 && !logs.some((l) => l.includes('went away')); i++) {
        await request(t.app).get('/healthz').expect(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const errors = logs
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((l) => l.level >= 50);
      expect(errors).toEqual([]);
      expect(logs.some((l) => l.includes('"the client went away before its request was read"'))).toBe(true);
    } finally {
      server.close();
      await t.close();
    }
  });
});
