import { Housekeeping } from '@larder/domain';
import { sql } from 'kysely';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { createRecipe } from './recipe-fixtures.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

const run = () => t.container.resolve(Housekeeping).run();
const me = (cookie: string) => request(t.app).get('/api/v1/auth/me').set('Cookie', cookie);
const login = (username: string, password: string) =>
  request(t.app).post('/api/v1/auth/login').send({ username, password });
const inspect = (token: string) => request(t.app).post('/api/v1/auth/setup/inspect').send({ token });
const redeem = (token: string) =>
  request(t.app).post('/api/v1/auth/setup/password').send({ token, password: 'chosen-password' });

async function sessionsOf(accountId: string) {
  return t.database.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId).execute();
}

/** Creates an account without a password as the owner; answers the token of its setup link. */
async function invite(username: string): Promise<string> {
  const res = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username, role: 'user' });
  expect(res.status).toBe(201);
  const match = /^\/setup\/([A-Za-z0-9_-]+)$/.exec(res.body.setupLink.path as string);
  return (match?.[1] ?? '') as string;
}

async function linkOf(username: string) {
  return t.database.db
    .selectFrom('one_time_links as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['l.used_at', 'l.expires_at'])
    .where('a.username', '=', username)
    .execute();
}

async function throttleKeys(): Promise<string[]> {
  const rows = await t.database.db.selectFrom('sign_in_attempts').select('key').execute();
  return rows.map((r) => r.key.replace('\n', ' from ')).sort();
}

it('removes sessions past their expiry and keeps live ones, which go on working', async () => {
  const m = await t.member('user', 'cook');
  // The member keeps using their session, which renews it; the owner's goes unused for 30 days.
  t.clock.advance(29 * DAY);
  expect((await me(m.cookie)).status).toBe(200);
  t.clock.advance(1 * DAY + MINUTE);

  expect(await run()).toEqual({ sessions: 1, links: 0, throttles: 0, flows: 0 });
  expect(await sessionsOf(t.owner.id)).toEqual([]);
  expect(await sessionsOf(m.id)).toHaveLength(1);
  expect((await me(m.cookie)).status).toBe(200);
  expect((await me(t.owner.cookie)).status).toBe(401);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 0, flows: 0 });
});

it('keeps sessions that have not expired yet', async () => {
  const m = await t.member('user', 'baker');
  t.clock.advance(30 * DAY - MINUTE);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 0, flows: 0 });
  expect(await sessionsOf(m.id)).toHaveLength(1);
  expect((await me(m.cookie)).status).toBe(200);
});

it('removes one-time links a day after they were used or ran out, and keeps open ones', async () => {
  const open = await invite('invited');
  const used = await invite('joined');
  expect((await redeem(used)).status).toBe(200);

  // Used, but less than a day ago.
  t.clock.advance(23 * HOUR);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 0, flows: 0 });
  expect(await linkOf('joined')).toHaveLength(1);

  t.clock.advance(2 * HOUR);
  expect(await run()).toEqual({ sessions: 0, links: 1, throttles: 0, flows: 0 });
  expect(await linkOf('joined')).toEqual([]);
  expect(await linkOf('invited')).toHaveLength(1);
  expect((await inspect(open)).status).toBe(200);

  // The open link runs out after 7 days; it goes a day later.
  t.clock.advance(7 * DAY - 2 * HOUR);
  expect((await inspect(open)).status).toBe(404);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 0, flows: 0 });
  expect(await linkOf('invited')).toHaveLength(1);

  t.clock.advance(2 * HOUR);
  expect(await run()).toEqual({ sessions: 0, links: 1, throttles: 0, flows: 0 });
  expect(await linkOf('invited')).toEqual([]);
});

it('removes sign-in attempt counts once their window has ended, and keeps running ones', async () => {
  for (let i = 0; i < 5; i++) expect((await login('ghost', 'wrong-password')).status).toBe(401);
  expect((await login('ghost', 'wrong-password')).status).toBe(429);
  t.clock.advance(10 * MINUTE);
  expect((await login('other', 'wrong-password')).status).toBe(401);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 0, flows: 0 });
  expect(await throttleKeys()).toEqual([
    'address:127.0.0.1',
    'pair:ghost from 127.0.0.1',
    'pair:other from 127.0.0.1',
    'username:ghost',
    'username:other',
  ]);

  // The ghost's window (and this address's, which began with it) has ended.
  t.clock.advance(5 * MINUTE + 1000);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 3, flows: 0 });
  expect(await throttleKeys()).toEqual(['pair:other from 127.0.0.1', 'username:other']);
  // The running window still counts: four more failures make five, the sixth is refused.
  for (let i = 0; i < 4; i++) expect((await login('other', 'wrong-password')).status).toBe(401);
  expect((await login('other', 'wrong-password')).status).toBe(429);

  t.clock.advance(15 * MINUTE + 1000);
  expect(await run()).toEqual({ sessions: 0, links: 0, throttles: 3, flows: 0 });
  expect(await throttleKeys()).toEqual([]);
});

it('folds the counts kept for totals into a row each, every total the same', async () => {
  for (let i = 0; i < 5; i++) await createRecipe(t, t.owner, { title: `Lentil soup ${i}` });
  // Pieces as writes leave them (a change of nothing, so no total moves).
  await sql`insert into word_counts (word, delta) values ('lentil', 0), ('lentil', 0), ('soup', 0)`.execute(
    t.database.db,
  );
  await sql`insert into recipe_count (delta) values (0), (0)`.execute(t.database.db);
  const totals = () => Promise.all([list('lentil'), list('soup'), list('')]);
  const before = await totals();
  expect(before).toEqual([5, 5, 5]);

  await run();
  const pieces = await sql<{ word: string; n: number }>`
    select word, count(*)::int as n from word_counts group by word having count(*) > 1`.execute(
    t.database.db,
  );
  expect(pieces.rows).toEqual([]);
  const countRows = await sql<{ n: number }>`select count(*)::int as n from recipe_count`.execute(
    t.database.db,
  );
  expect(countRows.rows[0]?.n).toBe(1);
  expect(await totals()).toEqual(before);
});

async function list(q: string): Promise<number> {
  const res = await request(t.app)
    .get('/api/v1/recipes')
    .query(q ? { q } : {})
    .set('Cookie', t.owner.cookie);
  expect(res.status).toBe(200);
  return res.body.total as number;
}
