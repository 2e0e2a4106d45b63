import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';

let t: TestApp;
let admin: Member;
let user: Member;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.member('admin');
  user = await t.member('user');
});
afterAll(() => t.close());

const DEFAULTS = {
  publicShares: false,
  publicShareDefaultDays: null,
  publicShareMaxDays: null,
  publicShareAttribution: true,
  linkPreviews: false,
  linkPreviewMinutes: 15,
  recipesLockedByDefault: false,
  mailEnabled: false,
};

const read = async () => {
  const res = await request(t.app).get('/api/v1/settings').set('Cookie', user.cookie);
  expect(res.status).toBe(200);
  const { $schema: _schema, ...settings } = res.body;
  return settings;
};
const patch = (body: object, who: Member = t.owner) =>
  request(t.app).patch('/api/v1/settings').set('Cookie', who.cookie).send(body);

/** Puts the settings back to the defaults (as the owner). */
async function reset() {
  const { mailEnabled: _mail, ...rest } = DEFAULTS;
  const res = await patch({ ...rest, publicShareMaxDays: null });
  expect(res.status).toBe(200);
}

describe('reading the settings', () => {
  it('starts with the defaults of DECISIONS.md, exactly', async () => {
    expect(await read()).toEqual(DEFAULTS);
  });

  it('is open to every member and to a token with recipes:read', async () => {
    for (const who of [t.owner, admin, user]) {
      const res = await request(t.app).get('/api/v1/settings').set('Cookie', who.cookie);
      expect(res.status).toBe(200);
      expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/Response\.json$/);
      expect(res.headers['link']).toMatch(/\/api\/v1\/schemas\/Response\.json>; rel="describedBy"$/);
    }
    const token = await t.token(user, ['recipes:read']);
    const res = await request(t.app).get('/api/v1/settings').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(DEFAULTS);
    expect((await request(t.app).get('/api/v1/settings')).status).toBe(401);
  });
});

describe('changing the settings', () => {
  afterEach(reset);

  it('is for the owner alone: admins, members and tokens get 403 and change nothing', async () => {
    expect((await patch({ publicShares: true }, admin)).status).toBe(403);
    expect((await patch({ publicShares: true }, user)).status).toBe(403);
    for (const who of [t.owner, admin]) {
      const token = await t.token(who, ['recipes:read', 'recipes:write', 'users:write']);
      const res = await request(t.app)
        .patch('/api/v1/settings')
        .set('Authorization', `Bearer ${token}`)
        .send({ publicShares: true });
      expect(res.status).toBe(403);
    }
    expect(await read()).toEqual(DEFAULTS);
    const res = await patch({ publicShares: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...DEFAULTS, publicShares: true });
    expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/Response\.json$/);
  });

  it('changes only the named fields', async () => {
    const first = await patch({ linkPreviews: true, linkPreviewMinutes: 60 });
    expect(first.status).toBe(200);
    const { $schema: _s, ...body } = first.body;
    expect(body).toEqual({ ...DEFAULTS, linkPreviews: true, linkPreviewMinutes: 60 });
    const second = await patch({ recipesLockedByDefault: true });
    expect(second.body).toMatchObject({
      linkPreviews: true,
      linkPreviewMinutes: 60,
      recipesLockedByDefault: true,
    });
    const empty = await patch({});
    expect(empty.status).toBe(200);
    expect(await read()).toEqual({
      ...DEFAULTS,
      linkPreviews: true,
      linkPreviewMinutes: 60,
      recipesLockedByDefault: true,
    });
  });

  it('refuses a default lifetime above the maximum at body.publicShareDefaultDays, changing nothing', async () => {
    const both = await patch({ publicShares: true, publicShareMaxDays: 7, publicShareDefaultDays: 30 });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([expect.objectContaining({ location: 'body.publicShareDefaultDays' })]);
    expect(await read()).toEqual(DEFAULTS);

    expect((await patch({ publicShareMaxDays: 30, publicShareDefaultDays: 7 })).status).toBe(200);
    const above = await patch({ publicShareDefaultDays: 365, publicShareAttribution: false });
    expect(above.status).toBe(422);
    expect(above.body.errors).toEqual([expect.objectContaining({ location: 'body.publicShareDefaultDays' })]);
    // "No expiry" is longer than any maximum.
    const never = await patch({ publicShareDefaultDays: null });
    expect(never.status).toBe(422);
    expect(never.body.errors).toEqual([expect.objectContaining({ location: 'body.publicShareDefaultDays' })]);
    expect(await read()).toMatchObject({
      publicShareMaxDays: 30,
      publicShareDefaultDays: 7,
      publicShareAttribution: true,
    });
  });

  it('pulls the default down when the maximum alone is lowered, and leaves it when raised', async () => {
    expect((await patch({ publicShareMaxDays: 365, publicShareDefaultDays: 30 })).status).toBe(200);
    const lowered = await patch({ publicShareMaxDays: 7 });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ publicShareMaxDays: 7, publicShareDefaultDays: 7 });
    const raised = await patch({ publicShareMaxDays: 365 });
    expect(raised.body).toMatchObject({ publicShareMaxDays: 365, publicShareDefaultDays: 7 });
    const unlimited = await patch({ publicShareMaxDays: null });
    expect(unlimited.body).toMatchObject({ publicShareMaxDays: null, publicShareDefaultDays: 7 });
    expect((await patch({ publicShareDefaultDays: null })).body).toMatchObject({
      publicShareDefaultDays: null,
    });
    // A maximum over "no expiry" turns the default into the maximum.
    expect((await patch({ publicShareMaxDays: 30 })).body).toMatchObject({
      publicShareMaxDays: 30,
      publicShareDefaultDays: 30,
    });
  });

  it('refuses values outside their enumerations and wrong types, changing nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ publicShareDefaultDays: 5 }, 'body.publicShareDefaultDays'],
      [{ publicShareMaxDays: 0 }, 'body.publicShareMaxDays'],
      [{ publicShareMaxDays: -7 }, 'body.publicShareMaxDays'],
      [{ publicShareMaxDays: 7.5 }, 'body.publicShareMaxDays'],
      [{ linkPreviewMinutes: 30 }, 'body.linkPreviewMinutes'],
      [{ linkPreviewMinutes: null }, 'body.linkPreviewMinutes'],
      [{ publicShares: 'yes' }, 'body.publicShares'],
      [{ publicShares: 1 }, 'body.publicShares'],
      [{ mailEnabled: true }, 'body.mailEnabled'],
      [{ publicSharesTypo: true }, 'body.publicSharesTypo'],
    ];
    for (const [body, location] of cases) {
      const res = await patch({ linkPreviews: true, ...body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.errors.map((e: { location: string }) => e.location)).toContain(location);
    }
    expect(await read()).toEqual(DEFAULTS);
  });

  it('keeps the default within the maximum when patches race', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await patch({ publicShareMaxDays: 365, publicShareDefaultDays: 30 })).status).toBe(200);
      const [a, b] = await Promise.all([
        patch({ publicShareMaxDays: 7 }),
        patch({ publicShareDefaultDays: 365 }),
      ]);
      expect(a.status).toBe(200);
      expect([200, 422]).toContain(b.status);
      const now = await read();
      expect(now.publicShareMaxDays).toBe(7);
      expect(now.publicShareDefaultDays).toBe(7);
    }
  });
});
