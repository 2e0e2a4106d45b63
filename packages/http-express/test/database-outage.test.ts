/**
 * A database that stops answering is a 503 with Retry-After, never a 500; the read cache goes
 * off while this instance cannot hear the others, and comes back once it can, both in the log.
 * On PostgreSQL the database is cut off for real (a TCP proxy in between drops every connection
 * and refuses new ones, as a stopped server does); on the embedded database it is closed.
 */
import { type Database, openDatabase } from '@larder/adapters-postgres';
import { type TcpProxy, startTcpProxy } from '@larder/adapters-postgres/test-support/tcp-proxy.js';
import { type TestDatabase, openTestDatabase } from '@larder/adapters-postgres/test-support/test-database.js';
import { ensureOwner } from '@larder/domain';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { composeContainer, coreDependencies, STOP_COHERENCE } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';
import { MovableClock, OWNER } from '../test-support/test-app.js';

let testDatabase: TestDatabase;
let proxy: TcpProxy | undefined;
let database: Database;
let app: Express;
let cookie: string;
let stopCoherence: () => void = () => undefined;
const logs: Array<{ msg: string; level: number; reason?: string; status?: number }> = [];

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  if (testDatabase.kind === 'pg' && testDatabase.url) {
    const target = new URL(testDatabase.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(testDatabase.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({ url: proxied.toString(), poolSize: 3 });
  } else {
    database = testDatabase;
  }
  const config = loadConfig({ SERVICE_DATA_DIR: '/tmp/larder-test-data' });
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const container = composeContainer(config, database, { clock: new MovableClock(), logger });
  if (container.isRegistered(STOP_COHERENCE)) stopCoherence = container.resolve(STOP_COHERENCE);
  await ensureOwner(coreDependencies(container), OWNER.username, OWNER.password);
  app = createApp({ config, container, logger, checkResponses: true });
  const login = await request(app).post('/api/v1/auth/login').send(OWNER);
  cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
});

afterAll(async () => {
  stopCoherence();
  if (proxy) {
    await database.close();
    await proxy.close();
  }
  await testDatabase.close().catch(() => undefined);
});

/** Waits (an upper bound only) until the log has a line that passes `test`. */
async function logged(test: (line: (typeof logs)[number]) => boolean, withinMs = 60_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (!logs.some(test)) {
    if (Date.now() > until) throw new Error(`never logged; log: ${JSON.stringify(logs.slice(-10))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('answers 503 with Retry-After while the database does not answer, then serves again', async () => {
  const recipes = () => request(app).get('/api/v1/recipes').set('Cookie', cookie);
  expect((await recipes()).status).toBe(200);

  if (proxy) {
    await logged((l) => l.msg === 'request' && l.status === 200);
    await proxy.cut();
    await logged((l) => l.msg === 'read cache off');
    // Every answer is now the database's absence: 503, Retry-After, a problem naming it.
    const down = await recipes();
    expect(down.status).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.body.type).toBe('urn:larder:problem:database.unavailable');
    const health = await request(app).get('/healthz');
    expect({ status: health.status, retryAfter: health.headers['retry-after'] }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    expect((await request(app).post('/api/v1/auth/login').send(OWNER)).status).toBe(503);

    await proxy.restore();
    await logged((l) => l.msg === 'read cache on');
    expect((await recipes()).status).toBe(200);
    expect((await request(app).get('/healthz')).status).toBe(200);
  } else {
    await testDatabase.close();
    // Not a read the cache holds: this one must reach the database.
    const down = await request(app).get('/api/v1/tags').set('Cookie', cookie);
    expect(down.status).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.body.type).toBe('urn:larder:problem:database.unavailable');
    const health = await request(app).get('/healthz');
    expect({ status: health.status, retryAfter: health.headers['retry-after'] }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    expect((await request(app).post('/api/v1/auth/login').send(OWNER)).status).toBe(503);
  }
  // Said once, with its reason, at warn (a server that does not answer comes back by itself).
  const said = logs.filter(
    (l) => l.msg === 'database cannot be used; requests that need it answer 503 until it can',
  );
  expect(said).toEqual([expect.objectContaining({ level: 40, reason: expect.any(String) })]);
}, 120_000);
