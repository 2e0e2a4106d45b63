/**
 * The read cache: hot reads (a session with its account, a recipe, a page of
 * cards) are served from memory, every write clears them, and a write on one
 * instance reaches the others on the same database through NOTIFY.
 */
import { type Database, READS_CHANGED_CHANNEL, ReadCache, openDatabase } from '@larder/adapters-postgres';
import type { Express } from 'express';
import { sql } from 'kysely';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { composeContainer } from '../src/composition-root.js';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { as, asInput, createRecipe } from './recipe-fixtures.js';

let t: TestApp;
const opened: Database[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const database of opened) await database.close();
  await t.close();
});

const until = async (check: () => Promise<boolean>, what: string): Promise<void> => {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting until ${what}`);
};

/** A second instance of the service on the same database, as behind a load balancer. */
async function secondInstance(): Promise<Express> {
  let database: Database = t.database;
  if (t.database.kind === 'pg') {
    database = await openDatabase({ url: t.database.url, poolSize: 2 });
    opened.push(database);
  }
  const container = composeContainer(t.config, database, { clock: t.clock });
  return createApp({ config: t.config, container, logger: pino({ level: 'silent' }), checkResponses: true });
}

describe('the read cache', () => {
  it('serves a repeated recipe read without touching the database', async () => {
    const recipe = await createRecipe(t, t.owner, { title: 'Cached soup' });
    const read = () => as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner).expect(200);
    await until(
      async () => (await t.queries.during(async () => void (await read()))) === 0,
      'reads are cached',
    );
    const res = await read();
    expect(res.body.title).toBe('Cached soup');
  });

  it('is cleared by every write: the next read shows it at once', async () => {
    const recipe = await createRecipe(t, t.owner, { title: 'Before' });
    const path = `/api/v1/recipes/${recipe.id}`;
    await as(request(t.app).get(path), t.owner).expect(200);
    await as(request(t.app).put(path), t.owner)
      .send(asInput({ ...recipe, title: 'After' }))
      .expect(200);
    expect((await as(request(t.app).get(path), t.owner)).body.title).toBe('After');

    // A mark, a setting and a profile change show at once too.
    await as(request(t.app).put(`${path}/favorite`), t.owner).expect(204);
    expect((await as(request(t.app).get(path), t.owner)).body.favorite).toBe(true);
    await request(t.app)
      .patch('/api/v1/settings')
      .set('Cookie', t.owner.cookie)
      .send({ recipesLockedByDefault: true })
      .expect(200);
    expect((await as(request(t.app).get(path), t.owner)).body.locked).toBe(true);
    await request(t.app)
      .patch('/api/v1/settings')
      .set('Cookie', t.owner.cookie)
      .send({ recipesLockedByDefault: false })
      .expect(200);
    await request(t.app)
      .patch('/api/v1/auth/me/profile')
      .set('Cookie', t.owner.cookie)
      .send({ displayName: 'Renamed Owner' })
      .expect(200);
    expect((await as(request(t.app).get(path), t.owner)).body.createdBy.displayName).toBe('Renamed Owner');
  });

  it('keeps what a write did not touch: another recipe, and the caller', async () => {
    const kept = await createRecipe(t, t.owner, { title: 'Untouched' });
    const changed = await createRecipe(t, t.owner, { title: 'Changing' });
    const readKept = () => as(request(t.app).get(`/api/v1/recipes/${kept.id}`), t.owner).expect(200);
    await until(async () => (await t.queries.during(async () => void (await readKept()))) === 0, 'cached');
    await as(request(t.app).put(`/api/v1/recipes/${changed.id}`), t.owner)
      .send(asInput({ ...changed, title: 'Changed' }))
      .expect(200);
    await as(request(t.app).put(`/api/v1/recipes/${changed.id}/favorite`), t.owner).expect(204);
    expect(await t.queries.during(async () => void (await readKept()))).toBe(0);
    expect((await as(request(t.app).get(`/api/v1/recipes/${changed.id}`), t.owner)).body).toMatchObject({
      title: 'Changed',
      favorite: true,
    });
  });

  it('serves API tokens from memory too, and forgets a revoked one at once', async () => {
    const recipe = await createRecipe(t, t.owner, { title: 'Token soup' });
    const token = await t.token(t.owner, ['recipes:read']);
    const read = () => as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), token);
    await until(
      async () => (await t.queries.during(async () => void (await read()))) === 0,
      'token reads cached',
    );
    const listed = await request(t.app).get('/api/v1/tokens').set('Cookie', t.owner.cookie).expect(200);
    const id = (listed.body.items as Array<{ id: string; prefix: string }>).find((item) =>
      token.startsWith(item.prefix),
    )!.id;
    await request(t.app).delete(`/api/v1/tokens/${id}`).set('Cookie', t.owner.cookie).expect(204);
    expect((await read()).status).toBe(401);
  });

  it("shows a member's new role at once to requests made with their token", async () => {
    const m = await t.member();
    const token = await t.token(m, ['recipes:read', 'users:read']);
    await request(t.app).get('/api/v1/users').set('Authorization', `Bearer ${token}`).expect(403);
    await request(t.app)
      .patch(`/api/v1/users/${m.id}`)
      .set('Cookie', t.owner.cookie)
      .send({ role: 'admin' })
      .expect(200);
    await request(t.app).get('/api/v1/users').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('forgets a session at logout, even one it had cached', async () => {
    const m = await t.member();
    await request(t.app).get('/api/v1/auth/me').set('Cookie', m.cookie).expect(200);
    await request(t.app).get('/api/v1/auth/me').set('Cookie', m.cookie).expect(200);
    await request(t.app).post('/api/v1/auth/logout').set('Cookie', m.cookie).expect(204);
    await request(t.app).get('/api/v1/auth/me').set('Cookie', m.cookie).expect(401);
  });

  it('hears writes made by another instance on the same database', async () => {
    const other = await secondInstance();
    const recipe = await createRecipe(t, t.owner, { title: 'Shared stew' });
    const path = `/api/v1/recipes/${recipe.id}`;
    const read = () => as(request(t.app).get(path), t.owner);
    await until(
      async () => (await t.queries.during(async () => void (await read()))) === 0,
      'the read is cached here',
    );

    await as(request(other).put(path), t.owner)
      .send(asInput({ ...recipe, title: 'Shared stew, improved elsewhere' }))
      .expect(200);
    await until(
      async () => (await read()).body.title === 'Shared stew, improved elsewhere',
      'the other write shows here',
    );

    // A logout on the other instance ends the session here as well.
    const m = await t.member();
    await request(t.app).get('/api/v1/auth/me').set('Cookie', m.cookie).expect(200);
    await request(other).post('/api/v1/auth/logout').set('Cookie', m.cookie).expect(204);
    await until(
      async () => (await request(t.app).get('/api/v1/auth/me').set('Cookie', m.cookie)).status === 401,
      'the session ends here',
    );
  });

  it('hears a create and a save that keeps its title, made by another instance', async () => {
    // Both send their notice within the write's own statement.
    const other = await secondInstance();
    const page = () => as(request(t.app).get('/api/v1/recipes').query({ q: 'elsewhere' }), t.owner);
    const titles = async () => ((await page()).body.items as Array<{ title: string }>).map((c) => c.title);
    await until(
      async () => (await t.queries.during(async () => void (await page()))) === 0,
      'the page is cached here',
    );

    const made = await as(request(other).post('/api/v1/recipes'), t.owner)
      .send(asInput({ ...(await createRecipe(t, t.owner, { title: 'Plain tart' })), title: 'Elsewhere pie' }))
      .expect(201);
    await until(async () => (await titles()).includes('Elsewhere pie'), 'the new recipe shows here');

    const path = `/api/v1/recipes/${made.body.id}`;
    const read = () => as(request(t.app).get(path), t.owner);
    await until(
      async () => (await t.queries.during(async () => void (await read()))) === 0,
      'the recipe is cached here',
    );
    await as(request(other).put(path), t.owner)
      .send(asInput({ ...made.body, description: 'Baked elsewhere' }))
      .expect(200);
    await until(async () => (await read()).body.description === 'Baked elsewhere', 'the save shows here');
  });

  it("passes over its own writes' notices: arriving late, they do not throw away reads cached since", async () => {
    const recipe = await createRecipe(t, t.owner, { title: 'Noticed soup' });
    const probe = await createRecipe(t, t.owner, { title: 'Probe soup' });
    const read = (id: string) => as(request(t.app).get(`/api/v1/recipes/${id}`), t.owner).expect(200);
    const costOf = async (id: string) => t.queries.during(async () => void (await read(id)));
    const heard: string[] = [];
    let hearing = true;
    await t.database.listen(
      READS_CHANGED_CHANNEL,
      (payload) => void (hearing && heard.push(payload)),
      () => undefined,
    );
    await as(request(t.app).put(`/api/v1/recipes/${recipe.id}`), t.owner)
      .send(asInput({ ...recipe, title: 'Noticed soup, salted' }))
      .expect(200);
    await until(
      async () => heard.some((p) => p.split(',').includes(`recipe:${recipe.id}`)),
      'the notice is out',
    );
    await until(async () => (await costOf(recipe.id)) === 0, 'the new version is cached');
    await until(async () => (await costOf(probe.id)) === 0, 'the probe is cached');

    // The same notices again, as if this instance heard its own write only now, then a notice from
    // elsewhere: notices arrive in order, so once the probe is gone the late ones have been heard.
    hearing = false;
    for (const payload of heard) {
      await sql`select pg_notify(${READS_CHANGED_CHANNEL}, ${payload})`.execute(t.database.db);
    }
    await sql`select pg_notify(${READS_CHANGED_CHANNEL}, ${`recipe:${probe.id}`})`.execute(t.database.db);
    await until(async () => (await costOf(probe.id)) > 0, 'the notice from elsewhere is heard');
    expect(await costOf(recipe.id)).toBe(0);
    expect((await read(recipe.id)).body.title).toBe('Noticed soup, salted');
  });

  it('can be turned off with SERVICE_READ_CACHE=off', async () => {
    const plain = await startTestApp({ SERVICE_READ_CACHE: 'off' });
    try {
      const recipe = await createRecipe(plain, plain.owner, { title: 'Uncached' });
      const read = () => as(request(plain.app).get(`/api/v1/recipes/${recipe.id}`), plain.owner).expect(200);
      await read();
      await new Promise((r) => setTimeout(r, 100));
      expect(await plain.queries.during(async () => void (await read()))).toBeGreaterThan(0);
    } finally {
      await plain.close();
    }
  });
});

describe('ReadCache', () => {
  const none = () => [] as string[];

  it('does not keep a value read while a write cleared the cache', async () => {
    const cache = new ReadCache();
    cache.enable();
    let release: (v: string) => void = () => undefined;
    const slow = cache.read('k', none, () => new Promise<string>((r) => (release = r)));
    cache.invalidate();
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.read('k', none, async () => 'fresh')).toBe('fresh');
    expect(await cache.read('k', none, async () => 'not asked')).toBe('fresh');
  });

  it('forgets only the entries of the tags a write touched', async () => {
    const cache = new ReadCache();
    cache.enable();
    await cache.read(
      'a',
      () => ['recipe:a', 'cards'],
      async () => 'A',
    );
    await cache.read(
      'b',
      () => ['recipe:b'],
      async () => 'B',
    );
    cache.invalidate(['recipe:a']);
    expect(
      await cache.read(
        'a',
        () => ['recipe:a'],
        async () => 'A2',
      ),
    ).toBe('A2');
    expect(
      await cache.read(
        'b',
        () => ['recipe:b'],
        async () => 'B2',
      ),
    ).toBe('B');
    cache.invalidate(['cards']);
    expect(
      await cache.read(
        'a',
        () => ['recipe:a'],
        async () => 'A3',
      ),
    ).toBe('A2');
  });

  it('does not keep a value whose tag a write touched while it was read, and keeps one whose tags it did not', async () => {
    const cache = new ReadCache();
    cache.enable();
    let release: (v: string) => void = () => undefined;
    const touched = cache.read(
      'a',
      () => ['recipe:a'],
      () => new Promise<string>((r) => (release = r)),
    );
    cache.invalidate(['recipe:a']);
    release('stale');
    await touched;
    expect(
      await cache.read(
        'a',
        () => ['recipe:a'],
        async () => 'fresh',
      ),
    ).toBe('fresh');
    const untouched = cache.read(
      'b',
      () => ['recipe:b'],
      () => new Promise<string>((r) => (release = r)),
    );
    cache.invalidate(['recipe:a']);
    release('kept');
    await untouched;
    expect(
      await cache.read(
        'b',
        () => ['recipe:b'],
        async () => 'not asked',
      ),
    ).toBe('kept');
  });

  it('is off, and forgets, while it cannot hear other instances; comes back empty', async () => {
    const cache = new ReadCache();
    cache.enable();
    await cache.read('k', none, async () => 1);
    cache.disable();
    expect(cache.size).toBe(0);
    expect(await cache.read('k', none, async () => 2)).toBe(2);
    expect(cache.size).toBe(0);
    cache.enable();
    expect(await cache.read('k', none, async () => 3)).toBe(3);
    expect(await cache.read('k', none, async () => 4)).toBe(3);
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('freezes what it keeps, so no request can change what another one reads', async () => {
    const cache = new ReadCache();
    cache.enable();
    const value = await cache.read('k', none, async () => ({ list: [1, 2] }));
    expect(() => (value.list as number[]).push(3)).toThrow(TypeError);
  });
});
