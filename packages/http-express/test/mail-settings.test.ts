/**
 * The owner's mail settings and test mail, through the HTTP API, with a real SMTP server (a sink
 * in this process) on the other end.
 */
import { startSmtpSink } from '@larder/adapters-smtp/test-support/smtp-sink.js';
import request from 'supertest';
import { schemaModules } from '../src/modules.js';
import { SchemaRegistry } from '../src/schemas/schema-registry.js';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { type MailApp, PUBLIC_URL, quickMailer, startMailApp } from './mail-helpers.js';

const SETTINGS = '/api/v1/settings/mail';

describe('in-app mail settings', () => {
  let t: MailApp;
  beforeAll(async () => {
    t = await startMailApp({ configure: false });
  });
  afterAll(() => t.close());
  const owner = (req: request.Test) => req.set('Cookie', t.owner.cookie);

  it('start as none: mail off, no reset by mail', async () => {
    const res = await owner(request(t.app).get(SETTINGS));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'none', passwordSet: false, publicUrlMissing: false });
    expect((await owner(request(t.app).get('/api/v1/settings'))).body.mailEnabled).toBe(false);
    expect((await request(t.app).get('/api/v1/auth/password')).body).toMatchObject({ available: false });
  });

  it('are for the owner alone, from a signed-in session', async () => {
    const admin = await t.member('admin');
    expect((await request(t.app).get(SETTINGS).set('Cookie', admin.cookie)).status).toBe(403);
    const token = await t.token(t.owner, ['users:read', 'users:write', 'recipes:read']);
    expect((await request(t.app).get(SETTINGS).set('Authorization', `Bearer ${token}`)).status).toBe(403);
    expect((await request(t.app).get(SETTINGS)).status).toBe(401);
  });

  it('store a server and never give the password back; mail is on', async () => {
    const res = await owner(request(t.app).put(SETTINGS)).send({
      host: '127.0.0.1',
      port: t.sink.port,
      security: 'none',
      from: 'larder@example.org',
      fromName: 'Our kitchen',
      username: 'cook',
      password: 'smtp-secret',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      $schema: expect.stringContaining('/schemas/SettingsBody.json'),
      source: 'settings',
      host: '127.0.0.1',
      port: t.sink.port,
      security: 'none',
      username: 'cook',
      passwordSet: true,
      from: 'larder@example.org',
      fromName: 'Our kitchen',
      publicUrlMissing: false,
    });
    expect(JSON.stringify((await owner(request(t.app).get(SETTINGS))).body)).not.toContain('smtp-secret');
    expect((await owner(request(t.app).get('/api/v1/settings'))).body.mailEnabled).toBe(true);
    expect((await request(t.app).get('/api/v1/auth/password')).body).toMatchObject({ available: true });
  });

  it('keep the stored password when it is left out, for the same host and username only, never sent in the clear where it was not', async () => {
    const server = {
      host: '127.0.0.1',
      port: t.sink.port,
      security: 'none',
      from: 'larder@example.org',
      username: 'cook',
    };
    const same = await owner(request(t.app).put(SETTINGS)).send(server);
    expect(same.body.passwordSet).toBe(true);
    const cases: Array<[Record<string, unknown>, Record<string, unknown>, boolean]> = [
      [{}, { host: 'localhost' }, false],
      [{}, { username: 'baker' }, false],
      [{}, { port: t.sink.port + 1 }, true],
      [{}, { security: 'starttls' }, true],
      [{ port: 587, security: 'starttls' }, { port: 465, security: 'tls' }, true],
      [{ security: 'starttls' }, { security: 'none' }, false],
      [{ security: 'tls' }, { security: 'none' }, false],
    ];
    for (const [stored, change, kept] of cases) {
      await owner(request(t.app).put(SETTINGS))
        .send({ ...server, ...stored, password: 'smtp-secret' })
        .expect(200);
      const other = await owner(request(t.app).put(SETTINGS)).send({ ...server, ...stored, ...change });
      expect([change, other.body.passwordSet]).toEqual([change, kept]);
    }
    await owner(request(t.app).put(SETTINGS))
      .send({ ...server, password: 'smtp-secret' })
      .expect(200);
  });

  it('refuse what could break a mail header, each at its field', async () => {
    const res = await owner(request(t.app).put(SETTINGS)).send({
      host: 'smtp.example.org\r\nX-Evil: 1',
      port: 25,
      security: 'none',
      from: 'Zoe <zoe@example.org>',
      fromName: 'Larder\r\nBcc: victim@example.org',
      username: 'cook\n',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { location: string }) => e.location).sort()).toEqual([
      'body.from',
      'body.fromName',
      'body.host',
      'body.username',
    ]);
    const disguised = await owner(request(t.app).put(SETTINGS)).send({
      host: '127.0.0.1',
      port: 25,
      security: 'none',
      from: 'larder@example.org',
      fromName: '\u202eknab ruoY',
    });
    expect(disguised.status).toBe(422);
    expect(disguised.body.errors).toEqual([
      { location: 'body.fromName', message: 'must not contain invisible or direction-changing characters' },
    ]);
  });

  it('turn mail off again', async () => {
    expect((await owner(request(t.app).delete(SETTINGS))).status).toBe(204);
    expect((await owner(request(t.app).get(SETTINGS))).body.source).toBe('none');
    expect((await owner(request(t.app).get('/api/v1/settings'))).body.mailEnabled).toBe(false);
  });
});

describe('the test mail', () => {
  let t: MailApp;
  beforeAll(async () => {
    t = await startMailApp();
  });
  afterAll(() => t.close());
  const test = (body: Record<string, unknown>) =>
    request(t.app).post(`${SETTINGS}/test`).set('Cookie', t.owner.cookie).send(body);

  it('goes through the settings in force: 204 once the server took it, from "Larder"', async () => {
    expect((await test({ to: 'owner@example.org' })).status).toBe(204);
    const mail = await t.sink.waitFor('owner@example.org');
    expect(mail.from).toEqual({ name: 'Larder', address: 'larder@example.org' });
    expect(mail.text).toContain(PUBLIC_URL);
    expect(mail.html).toContain(PUBLIC_URL);
  });

  it("answers 502 carrying the server's reply when it refuses the mail", async () => {
    t.sink.refuse('nobody@example.org', 'no such user here');
    const res = await test({ to: 'nobody@example.org' });
    expect(res.status).toBe(502);
    expect(res.body.type).toBe('urn:larder:problem:mail.refused');
    expect(res.body.detail).toContain('550');
    expect(res.body.detail).toContain('no such user here');
    // A plain problem, as the reference describes this 502: the reply is in `detail` alone.
    expect(res.body.$schema).toMatch(/\/ErrorModel\.json$/);
    const registry = new SchemaRegistry();
    for (const define of schemaModules) define(registry);
    const validate = registry.validator('ErrorModel', 'body');
    expect([validate(res.body), validate.errors]).toEqual([true, null]);
  });

  it('tests unsaved values when given, with the stored password for the stored host and username', async () => {
    const other = await startSmtpSink({ auth: { username: 'cook', password: 'right' } });
    try {
      const unsaved = {
        host: '127.0.0.1',
        port: other.port,
        security: 'none',
        from: 'x@example.org',
        username: 'cook',
      };
      // Nothing stored for this login: no password, so the server refuses.
      expect((await test({ to: 'a@example.org', config: unsaved })).status).toBe(502);
      expect((await test({ to: 'a@example.org', config: { ...unsaved, password: 'right' } })).status).toBe(
        204,
      );
      await other.waitFor('a@example.org');
      // The settings in force are untouched by a test.
      expect((await request(t.app).get(SETTINGS).set('Cookie', t.owner.cookie)).body.port).toBe(t.sink.port);
    } finally {
      await other.stop();
    }
  });

  it('answers 502 when the server cannot be reached, and 422 for an address that is none', async () => {
    const down = { host: '127.0.0.1', port: 1, security: 'none', from: 'x@example.org' };
    const res = await test({ to: 'a@example.org', config: down });
    expect(res.status).toBe(502);
    expect(res.body.type).toBe('urn:larder:problem:mail.unreachable');
    const bad = await test({ to: 'a@example.org\r\nBcc: x@example.org' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ location: 'body.to', message: 'must be an email address' }]);
  });
});

describe('mail from the environment', () => {
  let t: MailApp;
  beforeAll(async () => {
    t = await startMailApp({ fromEnvironment: true });
  });
  afterAll(() => t.close());

  it('shows source env, refuses in-app changes with 409, and sends', async () => {
    const owner = (req: request.Test) => req.set('Cookie', t.owner.cookie);
    const res = await owner(request(t.app).get(SETTINGS));
    expect(res.body).toMatchObject({
      source: 'env',
      host: '127.0.0.1',
      port: t.sink.port,
      passwordSet: false,
    });
    const put = await owner(request(t.app).put(SETTINGS)).send({
      host: 'x.example.org',
      port: 25,
      security: 'none',
      from: 'a@example.org',
    });
    expect(put.status).toBe(409);
    expect(put.body.type).toBe('urn:larder:problem:mail.from_environment');
    expect((await owner(request(t.app).delete(SETTINGS))).status).toBe(409);
    expect((await owner(request(t.app).post(`${SETTINGS}/test`)).send({ to: 'o@example.org' })).status).toBe(
      204,
    );
    await t.sink.waitFor('o@example.org');
  });
});

describe('without SERVICE_PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { mailer: quickMailer() });
  });
  afterAll(() => t.close());

  it('says so: no mail can carry a link, so mail is not enabled', async () => {
    const owner = (req: request.Test) => req.set('Cookie', t.owner.cookie);
    await owner(request(t.app).put(SETTINGS)).send({
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      from: 'a@b.org',
    });
    expect((await owner(request(t.app).get(SETTINGS))).body).toMatchObject({
      source: 'settings',
      publicUrlMissing: true,
    });
    expect((await owner(request(t.app).get('/api/v1/settings'))).body.mailEnabled).toBe(false);
    expect((await request(t.app).get('/api/v1/auth/password')).body.available).toBe(false);
  });
});
