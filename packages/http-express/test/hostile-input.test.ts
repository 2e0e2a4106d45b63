import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import request from 'supertest';
import { answerClientErrors } from '../src/rest/client-errors.js';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { plainRecipeBody } from './recipe-fixtures.js';

let t: TestApp;
let user: Member;
beforeAll(async () => {
  t = await startTestApp({ SERVICE_PUBLIC_URL: 'https://larder.example' });
  user = await t.member('user', 'hostile-user');
});
afterAll(() => t.close());

/** Every answer this file provokes, to check at the end that none leaks internals. */
const answers: request.Response[] = [];
function seen(res: request.Response): request.Response {
  answers.push(res);
  return res;
}

function expectProblem(res: request.Response, status: number): void {
  seen(res);
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.anything() });
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ title: expect.any(String), status, detail: expect.any(String) });
}

/**
 * Runs `use` against the app listening on a port of its own (for what supertest cannot send or
 * watch: raw bytes, half-open connections), then closes every connection and the server.
 */
async function onItsOwnPort<T>(app: TestApp, use: (port: number, server: Server) => Promise<T>): Promise<T> {
  const server = app.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await use((server.address() as AddressInfo).port, server);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** The distinct locations of a 422's errors (a field may break several rules). */
function locations(res: request.Response): string[] {
  return [...new Set(((res.body.errors ?? []) as Array<{ location: string }>).map((e) => e.location))];
}

const login = () => request(t.app).post('/api/v1/auth/login');
const profile = () => request(t.app).patch('/api/v1/auth/me/profile').set('Cookie', user.cookie);

describe('bodies', () => {
  it('answers broken JSON with 400 problem+json', async () => {
    for (const text of ['{"username":', '{username: "x"}', "{'a':1}", '{"a":1}}', '\u0000']) {
      const res = await login().set('Content-Type', 'application/json').send(text);
      expectProblem(res, 400);
    }
  });

  it('answers bytes that are no UTF-8 (Latin-1 text sent as it is) with 400, keeping nothing', async () => {
    const latin1 = Buffer.from(
      '{"title":"Cr\u00e8me br\u00fbl\u00e9e","description":"","servings":4,"prepMinutes":null,"cookMinutes":null,"sourceUrl":null,"tags":[],"ingredientGroups":[{"name":null,"ingredients":[]}],"steps":[]}',
      'latin1',
    );
    const res = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', user.cookie)
      .set('Content-Type', 'application/json')
      .serialize((bytes: Buffer) => bytes)
      .send(latin1);
    expectProblem(res, 400);
    expect(res.body.detail).toBe('The body is not valid UTF-8 text.');
    const none = await request(t.app).get('/api/v1/recipes?q=br%C3%BBl%C3%A9e').set('Cookie', user.cookie);
    expect(none.body.total).toBe(0);
    // The same text as UTF-8 is taken.
    const utf8 = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', user.cookie)
      .set('Content-Type', 'application/json')
      .serialize((bytes: Buffer) => bytes)
      .send(Buffer.from(latin1.toString('latin1'), 'utf8'));
    expect([utf8.status, utf8.body.title]).toEqual([201, 'Crème brûlée']);
  });

  it('reads at most 64 KiB on a public route (what anybody may make it parse), 5 MiB for members', async () => {
    const keys = Object.fromEntries(Array.from({ length: 8_000 }, (_, i) => [`k${i}`, i]));
    const anonymous = await login().send({ username: 'x', password: 'y', ...keys });
    expectProblem(anonymous, 413);
    expect(anonymous.body.detail).toBe('A JSON body may be at most 65536 bytes here.');
    const member = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', user.cookie)
      .send(
        plainRecipeBody({
          description: 'd'.repeat(1_900),
          steps: [{ text: 's'.repeat(1_999) }],
          tags: ['a'],
          extra: keys,
        }),
      );
    // Read whole (over 64 KiB), and refused for what it holds, not for its size.
    expectProblem(member, 422);
    expect(locations(member)).toEqual(['body.extra']);
  });

  it('answers a body over 5 MiB with 413', async () => {
    const big = JSON.stringify({ username: 'x', password: 'p'.repeat(5 * 1024 * 1024) });
    expectProblem(await login().set('Content-Type', 'application/json').send(big), 413);
    expectProblem(await profile().set('Content-Type', 'application/json').send(big), 413);
  });

  it('answers a body broken in a million places with its first issues alone, in a few kilobytes', async () => {
    /** A recipe of `n` empty ingredients, sent: each misses its four fields. */
    const withEmptyIngredients = (n: number) =>
      request(t.app)
        .post('/api/v1/recipes')
        .set('Cookie', user.cookie)
        .send(
          plainRecipeBody({
            ingredientGroups: [{ name: null, ingredients: Array.from({ length: n }, () => ({})) }],
          }),
        );
    // 300,000 empty ingredients (0.9 MB): over the limit of 2,000 and 1.2 million missing fields.
    const flood = await withEmptyIngredients(300_000);
    expectProblem(flood, 422);
    expect(flood.text.length).toBeLessThan(20_000);
    expect(flood.body.errors.length).toBeGreaterThanOrEqual(1);
    expect(flood.body.errors[0].location).toMatch(/^body\.ingredientGroups\[0\]\.ingredients/);
    // Within the size the rules allow, every issue is found, and the first hundred are listed.
    const many = await withEmptyIngredients(50);
    expectProblem(many, 422);
    expect(many.body.errors).toHaveLength(100);
    expect(many.body.detail).toBe('validation failed (the first 100 of 200 issues)');
    expect(many.body.errors[0]).toEqual({
      location: 'body.ingredientGroups[0].ingredients[0].quantity',
      message: 'is required',
    });
    const few = await withEmptyIngredients(2);
    expect(few.body.errors).toHaveLength(8);
    expect(few.body.detail).toBe('validation failed');
  });

  it('refuses unknown fields with 422 naming them', async () => {
    const res = await login().send({ username: 'owner', password: 'owner-password-1', foo: 1 });
    expectProblem(res, 422);
    expect(locations(res)).toEqual(['body.foo']);
    expect(res.headers['set-cookie']).toBeUndefined();
    const nested = await request(t.app)
      .post('/api/v1/tokens')
      .set('Cookie', user.cookie)
      .send({ name: 'x', scopes: ['recipes:read'], admin: true, extra: { a: 1 } });
    expectProblem(nested, 422);
    expect(locations(nested).sort()).toEqual(['body.admin', 'body.extra']);
  });

  it('accepts and ignores $schema on input', async () => {
    const res = seen(
      await login().send({
        $schema: 'https://larder.example/api/v1/schemas/LoginInputBody.json',
        username: 'owner',
        password: 'owner-password-1',
      }),
    );
    expect(res.status).toBe(200);
  });

  it('refuses wrong types with every failure located', async () => {
    const res = await login().send({ username: 5, password: ['x'] });
    expectProblem(res, 422);
    expect(locations(res).sort()).toEqual(['body.password', 'body.username']);
    // The same problem type as a value a domain rule refuses, so clients tell one kind of 422.
    expect(res.body.type).toBe('urn:larder:problem:validation_failed');
    const missing = await login().send({});
    expectProblem(missing, 422);
    expect(locations(missing).sort()).toEqual(['body.password', 'body.username']);
    const profileTypes = await profile().send({ displayName: { first: 'x' }, color: 3, locale: true });
    expectProblem(profileTypes, 422);
    expect(locations(profileTypes).sort()).toEqual(['body.color', 'body.displayName', 'body.locale']);
  });

  it('answers 10 000-character strings with 422, never 500', async () => {
    const huge = 'x'.repeat(10_000);
    const cases: Array<[() => request.Test, object, string]> = [
      [login, { username: huge, password: 'whatever-1' }, 'body.username'],
      [login, { username: 'owner', password: huge }, 'body.password'],
      [profile, { displayName: huge }, 'body.displayName'],
      [profile, { email: `${huge}@example.org` }, 'body.email'],
      [
        () => request(t.app).post('/api/v1/tokens').set('Cookie', user.cookie),
        { name: huge, scopes: ['recipes:read'] },
        'body.name',
      ],
      [() => request(t.app).post('/api/v1/auth/setup/inspect'), { token: huge }, 'body.token'],
      [
        () => request(t.app).post('/api/v1/auth/setup/password'),
        { token: 'x'.repeat(43), password: huge },
        'body.password',
      ],
      [
        () => request(t.app).post('/api/v1/users').set('Cookie', t.owner.cookie),
        { username: huge, role: 'user' },
        'body.username',
      ],
      [
        () => request(t.app).patch('/api/v1/auth/me').set('Cookie', user.cookie),
        { currentPassword: huge, password: 'new-password' },
        'body.currentPassword',
      ],
    ];
    for (const [send, body, location] of cases) {
      const res = await send().send(body);
      expectProblem(res, 422);
      expect(locations(res)).toContain(location);
    }
    const path = await request(t.app)
      .patch(`/api/v1/users/${huge}`)
      .set('Cookie', t.owner.cookie)
      .send({ displayName: 'x' });
    expectProblem(path, 422);
    expect(locations(path)).toEqual(['path.id']);
  });

  it('refuses control characters in names and addresses with 422 where they are, never 500', async () => {
    const cases: Array<[() => request.Test, object, string]> = [
      [login, { username: 'own\u0000er', password: 'whatever-1' }, 'body.username'],
      [login, { username: 'owner\n', password: 'whatever-1' }, 'body.username'],
      [profile, { displayName: 'Kitchen\u0000Cat' }, 'body.displayName'],
      [profile, { displayName: 'Kitchen\u001bCat' }, 'body.displayName'],
      [profile, { displayName: '\u202eKitchen Cat' }, 'body.displayName'],
      [profile, { displayName: 'Kitchen\u200bCat' }, 'body.displayName'],
      [profile, { email: 'cook@example.org\u0000' }, 'body.email'],
      [
        () => request(t.app).post('/api/v1/tokens').set('Cookie', user.cookie),
        { name: 'x\u0000', scopes: ['recipes:read'] },
        'body.name',
      ],
      [
        () => request(t.app).post('/api/v1/tokens').set('Cookie', user.cookie),
        { name: 'backup\u2067 script', scopes: ['recipes:read'] },
        'body.name',
      ],
      [
        () => request(t.app).post('/api/v1/users').set('Cookie', t.owner.cookie),
        { username: 'nul-user', role: 'user', displayName: 'a\u0000' },
        'body.displayName',
      ],
      [
        () => request(t.app).post('/api/v1/users').set('Cookie', t.owner.cookie),
        { username: 'nul\u0000user', role: 'user' },
        'body.username',
      ],
      [
        () => request(t.app).patch(`/api/v1/users/${user.id}`).set('Cookie', t.owner.cookie),
        { displayName: 'a\u0000', email: 'a\u0000@b.c' },
        'body.displayName',
      ],
    ];
    for (const [send, body, location] of cases) {
      const res = await send().send(body);
      expectProblem(res, 422);
      expect(locations(res)).toContain(location);
    }
  });

  it('answers an id carrying U+0000 as naming nothing (404), never 500', async () => {
    const path = await request(t.app)
      .patch('/api/v1/users/%00')
      .set('Cookie', t.owner.cookie)
      .send({ displayName: 'x' });
    expectProblem(path, 404);
    expectProblem(await request(t.app).delete('/api/v1/users/a%00b').set('Cookie', t.owner.cookie), 404);
    expectProblem(await request(t.app).delete('/api/v1/tokens/a%00b').set('Cookie', user.cookie), 404);
    expectProblem(
      await request(t.app).post('/api/v1/users/%00/setup-link').set('Cookie', t.owner.cookie),
      404,
    );
    // In a body, NUL is refused at the edge, at its place.
    const token = await request(t.app).post('/api/v1/auth/setup/inspect').send({ token: 'a\u0000b' });
    expectProblem(token, 422);
    expect(token.body.errors).toEqual([
      { location: 'body.token', message: 'must not contain control characters (NUL)' },
    ]);
  });

  it('refuses half a character (a lone surrogate) anywhere with 422 at its place, never a 500 or a quiet U+FFFD', async () => {
    const halves = ['\ud800', 'leek \udc00', 'a\ud83d', '\ude00b'];
    const recipe = plainRecipeBody;
    for (const half of halves) {
      const cases: Array<[request.Test, string]> = [
        [
          request(t.app)
            .post('/api/v1/recipes')
            .send(recipe({ title: half })),
          'body.title',
        ],
        [
          request(t.app)
            .post('/api/v1/recipes')
            .send(recipe({ tags: ['ok', half] })),
          'body.tags[1]',
        ],
        [
          request(t.app)
            .post('/api/v1/recipes')
            .send(
              recipe({
                ingredientGroups: [
                  { name: null, ingredients: [{ quantity: 1, unit: null, name: half, note: null }] },
                ],
              }),
            ),
          'body.ingredientGroups[0].ingredients[0].name',
        ],
        [
          request(t.app)
            .post('/api/v1/recipes')
            .send(recipe({ steps: [{ text: half }] })),
          'body.steps[0].text',
        ],
        [request(t.app).patch('/api/v1/auth/me/profile').send({ displayName: half }), 'body.displayName'],
        [
          request(t.app)
            .post('/api/v1/tokens')
            .send({ name: half, scopes: ['recipes:read'] }),
          'body.name',
        ],
      ];
      for (const [call, location] of cases) {
        const res = await call.set('Cookie', user.cookie);
        expectProblem(res, 422);
        expect([half, res.body.errors]).toEqual([
          half,
          [{ location, message: 'must be valid Unicode text' }],
        ]);
      }
    }
    // A whole character (a pair) is text like any other.
    const emoji = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', user.cookie)
      .send(recipe({ title: 'Soup 😀' }));
    expect(emoji.status).toBe(201);
    expect(emoji.body.title).toBe('Soup 😀');
  });

  it('refuses a JSON array, null, a number or a string as the body with 422', async () => {
    for (const text of [
      '[]',
      '[{"username":"owner","password":"owner-password-1"}]',
      'null',
      '5',
      '"owner"',
    ]) {
      const res = await login().set('Content-Type', 'application/json').send(text);
      expectProblem(res, 422);
      expect(locations(res)).toEqual(['body']);
    }
  });

  it('answers a missing or empty body where one is required with 422', async () => {
    const none = await login();
    expectProblem(none, 422);
    expect(locations(none)).toEqual(['body']);
    const empty = await login().set('Content-Type', 'application/json');
    expectProblem(empty, 422);
    expect(locations(empty).sort()).toEqual(['body.password', 'body.username']);
  });

  it('answers a body that does not decompress with 400, and an unknown encoding with 415', async () => {
    const gzip = await login()
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('not gzip');
    expectProblem(gzip, 400);
    const compress = await login()
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress')
      .send('{}');
    expectProblem(compress, 415);
  });

  it('reads a body sent without a Content-Type as JSON, as the reference does', async () => {
    await onItsOwnPort(t, async (port) => {
      // Bytes, not a string: fetch then sends no Content-Type at all.
      const send = (text: string) =>
        fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
          method: 'POST',
          body: new TextEncoder().encode(text),
        });
      const right = await send(JSON.stringify({ username: 'hostile-user', password: user.password }));
      expect(right.headers.get('content-type')).toMatch(/^application\/json/);
      expect(right.status).toBe(200);
      expect(right.headers.get('set-cookie')).toMatch(/^service_session=/);
      const broken = await send('{"username":');
      expect(broken.status).toBe(400);
      expect(broken.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const wrong = await send(JSON.stringify({ username: 'hostile-user' }));
      expect(wrong.status).toBe(422);
      expect(((await wrong.json()) as { errors: Array<{ location: string }> }).errors).toEqual([
        expect.objectContaining({ location: 'body.password' }),
      ]);
    });
  });

  it('answers a body of another media type with 415', async () => {
    const plain = await login()
      .set('Content-Type', 'text/plain')
      .send('{"username":"owner","password":"owner-password-1"}');
    expectProblem(plain, 415);
    expect(plain.headers['set-cookie']).toBeUndefined();
    const form = await profile().type('form').send({ displayName: 'Form' });
    expectProblem(form, 415);
    const charset = await login()
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"username":"owner"}');
    expectProblem(charset, 415);
    // UTF-16 and UTF-32 too, whether or not their bytes happen to read as UTF-8 (ASCII text does).
    for (const [label, text] of [
      ['utf-16', '{"displayName":"Plain"}'],
      ['utf-16le', '{"displayName":"Plain"}'],
      ['UTF-32', '{"displayName":"Zoë"}'],
    ]) {
      const utf16 = await profile()
        .set('Content-Type', `application/json; charset=${label}`)
        .serialize((value: string) => value)
        .send(text);
      expect([label, utf16.status]).toEqual([label, 415]);
    }
  });

  it('reads a body declared in another name of UTF-8 (utf8) as UTF-8', async () => {
    for (const label of ['utf8', '"UTF8"', 'unicode-1-1-utf-8']) {
      const res = await profile()
        .set('Content-Type', `application/json; charset=${label}`)
        .send(JSON.stringify({ displayName: 'Zoë' }));
      expect([label, res.status]).toEqual([label, 200]);
      expect(res.body.displayName).toBe('Zoë');
    }
    // As it was (the last test checks the member is left as they were).
    expect((await profile().send({ displayName: 'hostile-user' })).status).toBe(200);
    const signIn = await login()
      .set('Content-Type', 'application/json;charset=utf8')
      .send(JSON.stringify({ username: 'owner', password: 'owner-password-1' }));
    expect(signIn.status).toBe(200);
  });
});

describe('bodies that never arrive', () => {
  /**
   * Sends a request's head and the first bytes of its body, never the rest, and resolves with the
   * answer's head and whether the server then closed the connection. A server that waited for the
   * body would never answer.
   */
  async function headOnly(
    head: string[],
    firstBytes: string,
    app: TestApp = t,
  ): Promise<{ status: number; closed: boolean }> {
    return onItsOwnPort(app, (port) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      return new Promise((resolve, reject) => {
        socket.on('error', reject);
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('close', () =>
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), closed: true }),
        );
        socket.write(`${head.join('\r\n')}\r\n\r\n${firstBytes}`);
      });
    });
  }

  it("answers a stranger's write 401 without reading its body, and ends the connection", async () => {
    const answer = await headOnly(
      [
        'POST /api/v1/recipes HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        'Content-Length: 100000',
      ],
      '{',
    );
    expect(answer).toEqual({ status: 401, closed: true });
  });

  it('waits for the body of a public route (anybody may trickle one) only so long: 408, and the connection ends', async () => {
    const quick = await startTestApp({}, { publicBodyDeadlineMs: 300 });
    try {
      const answer = await headOnly(
        [
          'POST /api/v1/auth/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          'Content-Length: 1000',
        ],
        '{"username":',
        quick,
      );
      expect(answer).toEqual({ status: 408, closed: true });
    } finally {
      await quick.close();
    }
  });

  it('answers a JSON body announced over 5 MiB 413 at once, and ends the connection', async () => {
    const answer = await headOnly(
      [
        'POST /api/v1/recipes HTTP/1.1',
        'Host: localhost',
        `Cookie: ${user.cookie}`,
        'Content-Type: application/json',
        `Content-Length: ${6 * 1024 * 1024}`,
      ],
      '{',
    );
    expect(answer).toEqual({ status: 413, closed: true });
  });
});

describe('bodies answered before they are read', () => {
  /**
   * Sends a request's head and a first kilobyte of its body, waits for the answer's head, then goes
   * on sending `rest` bytes of body, as an upload does that does not watch for an early answer.
   * Resolves with the answer, whether every byte went out, and how the connection ended.
   */
  async function sendOnAfterAnswer(
    head: string[],
    rest: number,
  ): Promise<{ answer: string; sentAll: boolean; failure: string | null }> {
    return onItsOwnPort(t, async (port) => {
      // Half-open like a browser's or fetch's connection: a server's end of writing is no reason to stop sending.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      let answer = '';
      let failure: string | null = null;
      socket.on('error', (error: NodeJS.ErrnoException) => (failure ??= error.code ?? error.message));
      const answered = new Promise<void>((resolve) =>
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
          if (answer.includes('\r\n\r\n')) resolve();
        }),
      );
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // A chunked body goes in chunks of its own framing; another as the bytes themselves.
      const chunked = head.some((line) => /^transfer-encoding: chunked$/i.test(line));
      const framed = (bytes: Buffer) =>
        chunked
          ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
          : bytes;
      const kilobyte = Buffer.alloc(1024, 'x');
      socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), framed(kilobyte)]));
      await answered;
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      while (sent < rest && failure === null && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, rest - sent));
        await new Promise<void>((resolve) => socket.write(framed(piece), () => resolve()));
        sent += piece.length;
      }
      socket.end();
      await closed;
      return { answer, sentAll: sent === rest && failure === null, failure };
    });
  }

  it("delivers a refusal sent before an upload's body was read, reading the rest before it closes", async () => {
    const rest = 3 * 1024 * 1024;
    const { answer, sentAll, failure } = await sendOnAfterAnswer(
      [
        'PUT /api/v1/auth/me/avatar HTTP/1.1',
        'Host: localhost',
        'Content-Type: multipart/form-data; boundary=b',
        `Content-Length: ${1024 + rest}`,
      ],
      rest,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    // Closed at once, the connection would be reset by the bytes still coming: a broken pipe.
    expect({ sentAll, failure }).toEqual({ sentAll: true, failure: null });
  });

  it('cuts the connection of a body that goes on past 16 MiB after its refusal', async () => {
    const { answer, sentAll } = await sendOnAfterAnswer(
      [
        'POST /api/v1/recipes HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ],
      40 * 1024 * 1024,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(sentAll).toBe(false);
  });
});

describe('what comes after an early answer', () => {
  /**
   * Writes `bytes` on a connection whose side the test never ends, and resolves with all the
   * server answered once it has let the connection go (its count of connections back to none).
   */
  async function exchange(bytes: string, app: TestApp = t): Promise<string> {
    return onItsOwnPort(app, async (port, server) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      let text = '';
      socket.on('error', () => undefined);
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      const ended = new Promise((resolve) => socket.on('end', resolve));
      socket.write(bytes);
      await ended;
      const connections = () =>
        new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
      while ((await connections()) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      socket.destroy();
      return text;
    });
  }

  it('carries out no request pipelined behind a refused upload: the connection ends with the refusal', async () => {
    const titles = async () =>
      (
        (await request(t.app).get('/api/v1/recipes?q=pipelined').set('Cookie', user.cookie)).body
          .items as Array<{
          title: string;
        }>
      ).map((card) => card.title);
    const recipe = JSON.stringify({ ...plainRecipeBody(), title: 'Pipelined soup' });
    // A stranger's upload, refused as its head arrives, and the next request in the same packets.
    const upload = 'x'.repeat(1000);
    const answer = await exchange(
      [
        `PUT /api/v1/auth/me/avatar HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${upload.length}\r\n\r\n${upload}`,
        `POST /api/v1/recipes HTTP/1.1\r\nHost: localhost\r\nCookie: ${user.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(recipe)}\r\n\r\n${recipe}`,
      ].join(''),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
    expect(await titles()).toEqual([]);
  });

  it('ends the connection of a body too slow to arrive (408) at once, without waiting on for the rest', async () => {
    const quick = await startTestApp({}, { publicBodyDeadlineMs: 300 });
    try {
      const answer = await exchange(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
        quick,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await quick.close();
    }
  });

  it('closes an MCP message of another type announced past the limits at once (415), reading none of it', async () => {
    const token = await t.token(user, ['recipes:read']);
    const answer = await exchange(
      `POST /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: text/plain\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${2 * 1024 * 1024 * 1024}\r\n\r\nx`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    // The member ends as they began (checked afterwards): without tokens.
    await t.database.db.deleteFrom('api_tokens').execute();
  });
});

describe('requests Node cannot read', () => {
  /** Sends raw bytes to the app's server (with the service's clientError answer) and reads all it answers. */
  async function raw(bytes: string): Promise<string> {
    return onItsOwnPort(t, (port, server) => {
      answerClientErrors(server);
      const socket = connect(port, '127.0.0.1');
      let text = '';
      return new Promise((resolve, reject) => {
        socket.on('error', reject);
        socket.on('data', (chunk) => (text += chunk.toString('utf8')));
        socket.on('close', () => resolve(text));
        socket.write(bytes);
      });
    });
  }

  it.each([
    [`GET /api/v1/recipes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['NOT HTTP AT ALL\r\n\r\n', 400],
    ['GET /api/v1/recipes HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n', 417],
  ])('answers a head it cannot take with a problem, as every refusal (%#)', async (bytes, status) => {
    const answer = await raw(bytes);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/);
    expect(head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    const problem = JSON.parse(body) as { title: string };
    expect(problem).toEqual({ title: expect.any(String), status, detail: expect.any(String) });
    expect(problem.title).not.toBe('Error');
  });
});

describe('credentials', () => {
  it('answers bad, huge and garbage cookies with 401, never 500', async () => {
    const cookies = [
      'service_session=',
      'service_session=garbage',
      'service_session=%E0%A4%A',
      `service_session=${'A'.repeat(43)}`,
      `service_session=${'A'.repeat(9000)}`,
      `other=1; ${'x'.repeat(9000)}; service_session=abc`,
      'service_session="quoted value"',
      'service_session=../../etc/passwd',
      "service_session=' or 1=1 --",
      ';;;=;=;service_session',
      'service_session=é',
    ];
    for (const cookie of cookies) {
      const res = await request(t.app).get('/api/v1/auth/me').set('Cookie', cookie);
      expectProblem(res, 401);
    }
  });

  it('answers forged bearer tokens with 401', async () => {
    for (const token of [
      `lrd_${'A'.repeat(43)}`,
      'lrd_',
      `lrd_${"' or 1=1 --".padEnd(43, 'x')}`,
      'x'.repeat(4000),
    ]) {
      expectProblem(
        await request(t.app).get('/api/v1/settings').set('Authorization', `Bearer ${token}`),
        401,
      );
    }
  });
});

describe('cross-site writes', () => {
  const settings = async () => {
    const res = seen(await request(t.app).get('/api/v1/settings').set('Cookie', t.owner.cookie));
    return res.body.publicShares as boolean;
  };

  it('refuses a write whose Origin names another site, changing nothing', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'https://larder.example.evil.example',
      'http://larder.example',
    ]) {
      const res = await request(t.app)
        .patch('/api/v1/settings')
        .set('Cookie', t.owner.cookie)
        .set('Origin', origin)
        .send({ publicShares: true });
      expectProblem(res, 403);
    }
    expectProblem(
      await login()
        .set('Origin', 'https://evil.example')
        .send({ username: 'owner', password: 'owner-password-1' }),
      403,
    );
    expectProblem(
      await request(t.app)
        .delete(`/api/v1/users/${user.id}`)
        .set('Cookie', t.owner.cookie)
        .set('Origin', 'https://evil.example'),
      403,
    );
    expectProblem(
      await request(t.app)
        .post('/api/v1/auth/logout')
        .set('Cookie', user.cookie)
        .set('Origin', 'https://evil.example'),
      403,
    );
    expect(await settings()).toBe(false);
    expect(seen(await request(t.app).get('/api/v1/auth/me').set('Cookie', user.cookie)).status).toBe(200);
  });

  it('refuses a write without Origin that the browser says came from another site (Sec-Fetch-Site)', async () => {
    const res = await request(t.app)
      .patch('/api/v1/settings')
      .set('Cookie', t.owner.cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ publicShares: true });
    expectProblem(res, 403);
    expect(await settings()).toBe(false);
    // From the household's own pages, or a subdomain of its site, it passes.
    for (const site of ['same-origin', 'same-site', 'none']) {
      const own = await request(t.app)
        .patch('/api/v1/settings')
        .set('Cookie', t.owner.cookie)
        .set('Sec-Fetch-Site', site)
        .send({ publicShares: false });
      expect([site, seen(own).status]).toEqual([site, 200]);
    }
  });

  it('lets reads from another Origin through', async () => {
    const res = seen(
      await request(t.app)
        .get('/api/v1/settings')
        .set('Cookie', t.owner.cookie)
        .set('Origin', 'https://evil.example'),
    );
    expect(res.status).toBe(200);
  });

  it('lets writes from the public origin, the own host, and without Origin through', async () => {
    const fromPublic = seen(
      await request(t.app)
        .patch('/api/v1/settings')
        .set('Cookie', t.owner.cookie)
        .set('Origin', 'https://larder.example')
        .send({ publicShares: true }),
    );
    expect(fromPublic.status).toBe(200);
    const sameHost = seen(
      await request(t.app)
        .patch('/api/v1/settings')
        .set('Host', 'kitchen.local:8060')
        .set('Origin', 'http://kitchen.local:8060')
        .set('Cookie', t.owner.cookie)
        .send({ publicShares: false }),
    );
    expect(sameHost.status).toBe(200);
    const noOrigin = seen(
      await request(t.app)
        .patch('/api/v1/settings')
        .set('Cookie', t.owner.cookie)
        .send({ linkPreviews: false }),
    );
    expect(noOrigin.status).toBe(200);
  });
});

describe('routes and descriptions', () => {
  it('answers a path that is not valid percent-encoding with 400', async () => {
    const res = await request(t.app)
      .patch('/api/v1/users/%E0%A4%A')
      .set('Cookie', t.owner.cookie)
      .send({ displayName: 'x' });
    expectProblem(res, 400);
    expectProblem(await request(t.app).get('/api/v1/schemas/%'), 400);
  });

  it('answers unknown routes with 404 problem+json', async () => {
    const api = await request(t.app).get('/api/v1/nothing-here');
    expectProblem(api, 404);
    expect(api.body.$schema).toMatch(/\/api\/v1\/schemas\/ErrorModel\.json$/);
    // A known address asked with another method is a 405 (method-not-allowed.test.ts).
    expectProblem(await request(t.app).put('/api/v1/users').set('Cookie', t.owner.cookie).send({}), 405);
    expectProblem(await request(t.app).get('/no/such/page'), 404);
  });

  it('answers a deletion whose last segment is empty with 404: it never names the collection or its owner', async () => {
    const created = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', t.owner.cookie)
      .send(plainRecipeBody({ title: 'Kept whole' }));
    const recipeId = String(created.body.id);
    await request(t.app)
      .patch('/api/v1/settings')
      .set('Cookie', t.owner.cookie)
      .send({ publicShares: true })
      .expect(200);
    const share = await request(t.app)
      .post(`/api/v1/recipes/${recipeId}/public-share`)
      .set('Cookie', t.owner.cookie)
      .send({});
    expect(share.status).toBe(201);
    expectProblem(await request(t.app).delete('/api/v1/shares/').set('Cookie', t.owner.cookie), 404);
    expectProblem(
      await request(t.app).delete(`/api/v1/recipes/${recipeId}/`).set('Cookie', t.owner.cookie),
      404,
    );
    const left = await request(t.app).get('/api/v1/shares').set('Cookie', t.owner.cookie);
    expect(left.body.items.map((s: { id: string }) => s.id)).toEqual([share.body.id]);
    expect(
      (await request(t.app).get(`/api/v1/recipes/${recipeId}`).set('Cookie', t.owner.cookie)).status,
    ).toBe(200);
    await request(t.app).delete(`/api/v1/shares/${share.body.id}`).set('Cookie', t.owner.cookie).expect(204);
  });

  it('marks object answers with $schema and Link rel=describedBy to the same schema', async () => {
    const res = seen(await request(t.app).get('/api/v1/auth/me').set('Cookie', user.cookie));
    expect(res.body.$schema).toBe('https://larder.example/api/v1/schemas/UserResponse.json');
    expect(res.headers['link']).toBe(
      '<https://larder.example/api/v1/schemas/UserResponse.json>; rel="describedBy"',
    );
    const list = seen(await request(t.app).get('/api/v1/users').set('Cookie', t.owner.cookie));
    expect(list.body.$schema).toBe('https://larder.example/api/v1/schemas/UserAccountList.json');
    expect(list.headers['link']).toContain('UserAccountList.json');
    // Problems too: a refusal names its schema in the body and the header alike.
    for (const refused of [
      await request(t.app).get('/api/v1/users').set('Cookie', user.cookie),
      await request(t.app).get('/api/v1/recipes/no-such-recipe').set('Cookie', user.cookie),
      await request(t.app)
        .post('/api/v1/auth/login')
        .send({ username: 'nobody', password: 'wrong-password' }),
    ]) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.body.$schema).toMatch(/^https:\/\/larder\.example\/api\/v1\/schemas\/\w+\.json$/);
      expect(refused.headers['link']).toBe(`<${refused.body.$schema}>; rel="describedBy"`);
    }
  });

  it('serves GET /api/v1/openapi.json describing every route of the app', async () => {
    const res = seen(await request(t.app).get('/api/v1/openapi.json'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    // The MCP answer is a JSON-RPC object, as the reference describes it (not bytes).
    expect(doc.paths['/mcp'].post.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
    });
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'service_session',
    });
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });

    // Every route express serves, read from the app's own router.
    type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
    const served: string[] = [];
    const walk = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.route) {
          for (const method of Object.keys(layer.route.methods)) {
            // The 405 answer's probe (method-not-allowed.ts) matches every method of every route.
            if (method === '_all') continue;
            served.push(`${method} ${layer.route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
          }
        } else if (layer.handle?.stack) walk(layer.handle.stack);
      }
    };
    walk((t.app as unknown as { router: { stack: Layer[] } }).router.stack);
    expect(served.length).toBeGreaterThan(20);
    const described = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`),
    );
    // Served, not described: GET, DELETE and OPTIONS /mcp only answer 405 (a stateless MCP server),
    // and the reference page's two scripts are parts of GET /api/docs.
    const undescribed = [
      'get /mcp',
      'delete /mcp',
      'options /mcp',
      'get /api/docs/scalar.js',
      'get /api/docs/start.js',
    ];
    expect(described.sort()).toEqual([...new Set(served)].filter((r) => !undescribed.includes(r)).sort());
    for (const op of [
      'post /api/v1/auth/login',
      'post /api/v1/auth/logout',
      'get /api/v1/auth/me',
      'patch /api/v1/auth/me',
      'patch /api/v1/auth/me/profile',
      'get /api/v1/auth/me/colors',
      'post /api/v1/auth/setup/inspect',
      'post /api/v1/auth/setup/password',
      'get /api/v1/users',
      'post /api/v1/users',
      'patch /api/v1/users/{id}',
      'delete /api/v1/users/{id}',
      'post /api/v1/users/{id}/setup-link',
      'delete /api/v1/users/{id}/setup-link',
      'get /api/v1/people',
      'post /api/v1/tokens',
      'get /api/v1/tokens',
      'delete /api/v1/tokens/{id}',
      'get /api/v1/settings',
      'patch /api/v1/settings',
      'get /healthz',
    ]) {
      expect(described).toContain(op);
    }

    // Every operation is complete, and every reference resolves.
    const ids = new Set<string>();
    for (const ops of Object.values(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const op of Object.values(ops)) {
        expect(op.operationId).toEqual(expect.any(String));
        expect(ids.has(op.operationId as string)).toBe(false);
        ids.add(op.operationId as string);
        expect(Object.keys(op.responses as object).length).toBeGreaterThan(0);
      }
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const name = /#\/components\/schemas\/([^"]+)"/.exec(ref)?.[1];
      expect({ ref, known: name !== undefined && name in doc.components.schemas }).toEqual({
        ref,
        known: true,
      });
    }
    expect(doc.paths['/api/v1/tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/settings'].get.security).toEqual([
      { session: [] },
      { token: ['recipes:read'] },
    ]);
    expect(doc.paths['/api/v1/auth/login'].post.security).toBeUndefined();
  });

  it('serves each named schema at /api/v1/schemas/<Name>.json', async () => {
    const res = seen(await request(t.app).get('/api/v1/schemas/UserResponse.json'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    expect(res.body).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://larder.example/api/v1/schemas/UserResponse.json',
      type: 'object',
    });
    expect(Object.keys(res.body.properties)).toEqual(
      expect.arrayContaining(['id', 'username', 'role', 'hasPassword']),
    );
    const list = seen(await request(t.app).get('/api/v1/schemas/UserAccountList.json'));
    expect(JSON.stringify(list.body)).toContain('https://larder.example/api/v1/schemas/UserAccount.json');
    expectProblem(await request(t.app).get('/api/v1/schemas/NoSuchThing.json'), 404);
    expectProblem(await request(t.app).get('/api/v1/schemas/..%2F..%2Fpackage.json'), 422);
  });

  it('answers GET /healthz with 200', async () => {
    const res = seen(await request(t.app).get('/healthz'));
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok');
  });

  it('answers GET /healthz with 503 when the database does not answer', async () => {
    const down = await startTestApp();
    await down.close();
    const res = await request(down.app).get('/healthz');
    expect(res.status).toBe(503);
    expect(res.text).not.toMatch(/\n\s+at |pglite|postgres|kysely/i);
  });
});

describe('afterwards', () => {
  it('no answer carried a stack trace or SQL, and nothing answered 5xx', () => {
    expect(answers.length).toBeGreaterThan(60);
    for (const res of answers) {
      expect(res.status).toBeLessThan(500);
      const text = `${res.text ?? ''} ${JSON.stringify(res.headers)}`;
      expect(text).not.toMatch(/\n\s+at /);
      expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(text).not.toMatch(/\b(select .* from|insert into|update \w+ set|delete from)\b/i);
      expect(text).not.toMatch(/kysely|postgres|pglite|syntax error|relation "/i);
    }
  });

  it('left the owner and the member as they were', async () => {
    const owner = seen(await request(t.app).get('/api/v1/auth/me').set('Cookie', t.owner.cookie));
    expect(owner.body).toMatchObject({ username: 'owner', role: 'superadmin', displayName: 'owner' });
    const member = seen(await request(t.app).get('/api/v1/auth/me').set('Cookie', user.cookie));
    expect(member.body).toMatchObject({ username: 'hostile-user', displayName: 'hostile-user', email: '' });
    const tokens = await t.database.db.selectFrom('api_tokens').select('id').execute();
    expect(tokens).toHaveLength(0);
  });
});
