/**
 * No request takes the service down. The service runs as its own process (as `npm start` runs
 * it), and every route that reads a body gets bodies that end early, chunked bodies that never
 * finish, clients that vanish mid-body, and multipart forms cut before their closing boundary;
 * the process stays up and keeps answering.
 */
import { connect } from 'node:net';
import { type ServiceProcess, startServiceProcess } from '../test-support/service-process.js';
import { plainRecipeBody } from './recipe-fixtures.js';

let service: ServiceProcess;
let cookie: string;
let memberCookie: string;
let recipeId: string;
let ownerId: string;
let memberId: string;

async function api(method: string, path: string, body?: unknown, who = cookie) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: who },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function signIn(username: string, password: string): Promise<string> {
  const res = await fetch(`${service.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Sends raw bytes over a fresh connection and answers what came back before the server closed (or a pause). */
function raw(bytes: string | Buffer, how: 'end' | 'destroy' = 'end', waitMs = 1500): Promise<string> {
  return new Promise((resolve) => {
    const { port, hostname } = new URL(service.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes, () => {
      if (how === 'end') socket.end();
      else socket.destroy();
    });
  });
}

function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ Host: new URL(service.url).host, Cookie: cookie, ...headers }).map(
    ([k, v]) => `${k}: ${v}`,
  );
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

const CUT_FORM =
  '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxx';

beforeAll(async () => {
  service = await startServiceProcess();
  cookie = await signIn('admin', 'owner-password-1');
  ownerId = (await api('GET', '/api/v1/auth/me')).body.id;
  const member = await api('POST', '/api/v1/users', {
    username: 'cook',
    role: 'user',
    password: 'cook-password-1',
  });
  memberId = member.body.id;
  memberCookie = await signIn('cook', 'cook-password-1');
  const recipe = await api(
    'POST',
    '/api/v1/recipes',
    plainRecipeBody({ ingredientGroups: [{ name: null, ingredients: [] }], steps: [] }),
  );
  recipeId = recipe.body.id;
  // A first start creates the embedded database, which takes long on a busy machine: an upper bound only.
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

async function stillServing(): Promise<void> {
  expect(service.child.exitCode).toBeNull();
  const health = await fetch(`${service.url}/healthz`);
  expect(health.status).toBe(200);
}

describe('a multipart form cut before its closing boundary', () => {
  const routes = () => [
    ['POST', `/api/v1/recipes/${recipeId}/images`],
    ['PUT', '/api/v1/auth/me/avatar'],
    ['PUT', `/api/v1/users/${memberId}/avatar`],
  ];

  it('answers 400 on every upload route, and the service stays up', async () => {
    for (const [method, path] of routes()) {
      const answer = await raw(
        head(method!, path!, {
          'Content-Type': 'multipart/form-data; boundary=zz',
          'Content-Length': Buffer.byteLength(CUT_FORM),
        }) + CUT_FORM,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('application/problem+json');
      await stillServing();
    }
  });

  it("refuses a member's upload to somebody else's picture before reading its body", async () => {
    // Ten megabytes are announced and none is sent: the 403 comes without waiting for them.
    const answer = await raw(
      head('PUT', `/api/v1/users/${ownerId}/avatar`, {
        Cookie: memberCookie,
        'Content-Type': 'multipart/form-data; boundary=zz',
        'Content-Length': 10 * 1024 * 1024,
      }),
      'end',
      5000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    await stillServing();
  });
});

describe('bodies that end early, never finish, or whose client vanishes', () => {
  it('leave every body-reading route of the API answering, and the process up', async () => {
    const openapi = await (await fetch(`${service.url}/api/v1/openapi.json`)).json();
    const ids: Record<string, string> = {
      id: recipeId,
      recipeId,
      imageId: 'no-such-image',
      commentId: '1',
      token: 'x'.repeat(43),
    };
    const targets: Array<[string, string, string]> = [];
    for (const [template, operations] of Object.entries(openapi.paths as Record<string, object>)) {
      for (const [method, operation] of Object.entries(
        operations as Record<string, { requestBody?: object }>,
      )) {
        if (!operation.requestBody) continue;
        const content = Object.keys((operation.requestBody as { content: object }).content)[0] ?? '';
        const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name] ?? 'x');
        targets.push([method.toUpperCase(), path, content]);
      }
    }
    expect(targets.length).toBeGreaterThan(20);
    for (const [method, path, contentType] of targets) {
      const type = contentType === 'multipart/form-data' ? 'multipart/form-data; boundary=zz' : contentType;
      const partial = contentType === 'multipart/form-data' ? CUT_FORM : '{"title": "Bre';
      // Shorter than announced, then the client half-closes.
      await raw(head(method, path, { 'Content-Type': type, 'Content-Length': 5000 }) + partial, 'end', 300);
      // Chunked, one chunk, and never the last one.
      await raw(
        head(method, path, { 'Content-Type': type, 'Transfer-Encoding': 'chunked' }) +
          `${Buffer.byteLength(partial).toString(16)}\r\n${partial}\r\n`,
        'end',
        300,
      );
      // The client vanishes in the middle of the body.
      await raw(
        head(method, path, { 'Content-Type': type, 'Content-Length': 5000 }) + partial,
        'destroy',
        100,
      );
    }
    await stillServing();
    expect(service.output()).not.toMatch(/Unexpected end of form/);
  }, 120_000);
});
