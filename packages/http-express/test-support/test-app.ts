/**
 * The whole application on a fresh test database, for supertest. Nothing is
 * mocked: real domain, real repositories, real bcrypt; only the clock can be
 * moved by the test.
 */
import { type Clock, type IdentityProvider, MAILER, type Mailer, type PasswordHasher } from '@larder/domain';
import { ensureOwner } from '@larder/domain';
import { type TestDatabase, openTestDatabase } from '@larder/adapters-postgres/test-support/test-database.js';
import { migrateToLatest } from '@larder/adapters-postgres';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import type { DependencyContainer } from 'tsyringe';
import { createApp } from '../src/app.js';
import { BACKGROUND, composeContainer, coreDependencies } from '../src/composition-root.js';
import type { BackgroundWork } from '../src/operations/background.js';
import { type Config, loadConfig } from '../src/config.js';
import { QueryCounter } from './query-counter.js';

export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** How long, in all, code waited on this clock. */
  waitedMs = 0;
  /** Waiting on this clock moves it on at once: tests never sleep. */
  async wait(ms: number): Promise<void> {
    this.offsetMs += ms;
    this.waitedMs += ms;
  }
}

export const OWNER = { username: 'owner', password: 'owner-password-1' };

export interface Member {
  id: string;
  username: string;
  password: string;
  /** `Cookie` header value of a signed-in session. */
  cookie: string;
}

export interface TestApp {
  app: Express;
  database: TestDatabase;
  container: DependencyContainer;
  clock: MovableClock;
  config: Config;
  /** Counts the statements the app sends to the database. */
  queries: QueryCounter;
  owner: Member;
  /** Signs in and answers the `Cookie` header to send. */
  login(username: string, password: string): Promise<string>;
  /** Creates an account through the API as the owner and signs it in. */
  member(role?: 'user' | 'admin', username?: string): Promise<Member>;
  /** Resolves once the work requests started in the background (reset mails) has finished. */
  settled(): Promise<void>;
  /** Creates an API token for a member and answers the raw token. */
  token(member: Member, scopes: string[]): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

export interface TestAppOptions {
  /** Collects every log line (JSON) the app writes, at level info and above (the outbox's too). */
  logs?: string[];
  /** The password hasher (a real one, perhaps wrapped to count its checks). */
  hasher?: PasswordHasher;
  /** The mailer (the real SMTP mailer, with timeouts short enough for tests). */
  mailer?: Mailer;
  /** The identity provider (the real adapter, pointed at a provider the test started). */
  identityProvider?: IdentityProvider;
  /** How long a public route waits for its body (the service's own: 30 s). */
  publicBodyDeadlineMs?: number;
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  const config = loadConfig({ SERVICE_DATA_DIR: '/tmp/larder-test-data', SERVICE_WEB_DIR: 'off', ...env });
  const clock = new MovableClock();
  const queries = new QueryCounter();
  const logger = options.logs
    ? pino({ level: 'info' }, { write: (line: string) => options.logs?.push(line) })
    : pino({ level: process.env['LARDER_TEST_LOG'] ?? 'silent' });
  const container = composeContainer(
    config,
    { ...database, db: database.db.withPlugin(queries) },
    {
      clock,
      logger,
      ...(options.hasher ? { hasher: options.hasher } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.identityProvider ? { identityProvider: options.identityProvider } : {}),
    },
  );
  await ensureOwner(coreDependencies(container), OWNER.username, OWNER.password);
  const app = createApp({
    config,
    container,
    logger,
    checkResponses: true,
    ...(options.publicBodyDeadlineMs === undefined
      ? {}
      : { publicBodyDeadlineMs: options.publicBodyDeadlineMs }),
  });

  const login = async (username: string, password: string): Promise<string> => {
    const res = await request(app).post('/api/v1/auth/login').send({ username, password });
    if (res.status !== 200)
      throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0] ?? '';
    return cookie.split(';')[0] ?? '';
  };

  const ownerCookie = await login(OWNER.username, OWNER.password);
  const me = await request(app).get('/api/v1/auth/me').set('Cookie', ownerCookie);
  const owner: Member = {
    id: me.body.id,
    username: OWNER.username,
    password: OWNER.password,
    cookie: ownerCookie,
  };

  return {
    app,
    database,
    container,
    clock,
    config,
    queries,
    owner,
    login,
    async member(role = 'user', username = `member${++counter}`) {
      const password = `${username}-password`;
      const res = await request(app)
        .post('/api/v1/users')
        .set('Cookie', owner.cookie)
        .send({ username, role, password });
      if (res.status !== 201)
        throw new Error(`creating ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id, username, password, cookie: await login(username, password) };
    },
    async token(member, scopes) {
      const res = await request(app)
        .post('/api/v1/tokens')
        .set('Cookie', member.cookie)
        .send({ name: 'test', scopes });
      if (res.status !== 201) throw new Error(`token failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    settled: async () => {
      await container.resolve<BackgroundWork>(BACKGROUND).settled();
    },
    close: async () => {
      await container.resolve<BackgroundWork>(BACKGROUND).settled();
      (container.resolve<Mailer>(MAILER) as Mailer & { close?: () => void }).close?.();
      await database.close();
    },
  };
}
