import { decode, jpegOf, pngBomb } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { sql } from 'kysely';
import request from 'supertest';
import type { TestApp } from '../test-support/test-app.js';
import { binary, newRecipe, pendingDeletions, startPhotoApp, storedKeys } from './photo-helpers.js';

let t: TestApp;
let picture: Uint8Array;
beforeAll(async () => {
  t = await startPhotoApp();
  picture = await jpegOf(800, 400, { redCorner: true });
});
afterAll(() => t.close());

function setOwn(cookie: string, bytes: Uint8Array, crop?: string) {
  const req = request(t.app).put('/api/v1/auth/me/avatar').set('Cookie', cookie);
  return (crop ? req.query({ crop }) : req).attach('file', Buffer.from(bytes), 'me.jpg');
}

describe('avatars', () => {
  it('sets the own picture: a centered square JPEG served at /avatars/{userId}/{avatarId}.jpg', async () => {
    const member = await t.member('user');
    const res = await setOwn(member.cookie, picture);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      $schema: expect.stringContaining('/schemas/AvatarResult.json'),
      avatarId: expect.any(String),
    });
    const { avatarId } = res.body;
    expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', member.cookie)).body.avatarId).toBe(
      avatarId,
    );

    const file = await binary(
      request(t.app).get(`/avatars/${member.id}/${avatarId}.jpg`).set('Cookie', t.owner.cookie),
    );
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const square = await decode(new Uint8Array(file.body));
    expect([square.width, square.height]).toEqual([400, 400]);
    expect(square.rgbaAt(20, 20).r).toBeLessThan(160); // centered: the red top-left corner is cut away
  });

  it('keeps the square the crop names, as fractions of the upright picture', async () => {
    const member = await t.member('user');
    const res = await setOwn(member.cookie, picture, '0,0,0.5');
    expect(res.status).toBe(200);
    const file = await binary(
      request(t.app).get(`/avatars/${member.id}/${res.body.avatarId}.jpg`).set('Cookie', member.cookie),
    );
    const square = await decode(new Uint8Array(file.body));
    expect([square.width, square.height]).toEqual([200, 200]);
    expect(square.rgbaAt(100, 50).r).toBeGreaterThan(200); // the red quarter (200×100) fills its top half
    const bad = await setOwn(member.cookie, picture, '0.5,0.5');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].location).toBe('query.crop');
  });

  it('a new picture replaces the old one, whose file goes; removing it clears avatarId and the file', async () => {
    const member = await t.member('user');
    const first = (await setOwn(member.cookie, picture)).body.avatarId;
    const second = (await setOwn(member.cookie, picture)).body.avatarId;
    expect(second).not.toBe(first);
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([`avatars/${member.id}/${second}.jpg`]);
    expect(
      (await request(t.app).get(`/avatars/${member.id}/${first}.jpg`).set('Cookie', member.cookie)).status,
    ).toBe(404);

    expect((await request(t.app).delete('/api/v1/auth/me/avatar').set('Cookie', member.cookie)).status).toBe(
      204,
    );
    expect(
      (await request(t.app).get('/api/v1/auth/me').set('Cookie', member.cookie)).body.avatarId,
    ).toBeNull();
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([]);
    expect(
      (await request(t.app).get(`/avatars/${member.id}/${second}.jpg`).set('Cookie', member.cookie)).status,
    ).toBe(404);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('refuses bad pictures like photos: 415, 422, 413', async () => {
    const member = await t.member('user');
    expect((await setOwn(member.cookie, new TextEncoder().encode('not a picture'))).status).toBe(415);
    expect((await setOwn(member.cookie, await jpegOf(40, 40))).status).toBe(422);
    expect((await setOwn(member.cookie, pngBomb(20000, 20000))).status).toBe(422);
    expect((await setOwn(member.cookie, new Uint8Array(10 * 1024 * 1024 + 10))).status).toBe(413);
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([]);
  });

  it("only the owner sets or removes another account's picture", async () => {
    const member = await t.member('user');
    const admin = await t.member('admin');
    const put = (who: string, id: string) =>
      request(t.app)
        .put(`/api/v1/users/${id}/avatar`)
        .set('Cookie', who)
        .attach('file', Buffer.from(picture), 'a.jpg');
    expect((await put(admin.cookie, member.id)).status).toBe(403);
    const byOwner = await put(t.owner.cookie, member.id);
    expect(byOwner.status).toBe(200);
    expect(
      (await request(t.app).delete(`/api/v1/users/${member.id}/avatar`).set('Cookie', admin.cookie)).status,
    ).toBe(403);
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([
      `avatars/${member.id}/${byOwner.body.avatarId}.jpg`,
    ]);
    expect(
      (await request(t.app).delete(`/api/v1/users/${member.id}/avatar`).set('Cookie', t.owner.cookie)).status,
    ).toBe(204);
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([]);
    expect((await put(t.owner.cookie, 'no-such-account')).status).toBe(404);
    // Through the users route, a member may still change their own picture.
    expect((await put(member.cookie, member.id)).status).toBe(200);
    // The own-picture routes need a session.
    const token = await t.token(member, ['recipes:read']);
    expect(
      (await request(t.app).delete('/api/v1/auth/me/avatar').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(403);
  });

  it('person references carry avatarId; deleting the account removes its picture file', async () => {
    const member = await t.member('user');
    const { avatarId } = (await setOwn(member.cookie, picture)).body;
    const recipeId = await newRecipe(t, member);
    const recipe = await request(t.app).get(`/api/v1/recipes/${recipeId}`).set('Cookie', t.owner.cookie);
    expect(recipe.body.createdBy.avatarId).toBe(avatarId);
    const users = await request(t.app).get('/api/v1/users').set('Cookie', t.owner.cookie);
    expect(users.body.items.find((u: { id: string }) => u.id === member.id).avatarId).toBe(avatarId);

    expect(
      (await request(t.app).delete(`/api/v1/users/${member.id}`).set('Cookie', t.owner.cookie)).status,
    ).toBe(204);
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([]);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('serves a picture to a session or a token with users:read only', async () => {
    const member = await t.member('user');
    const { avatarId } = (await setOwn(member.cookie, picture)).body;
    const url = `/avatars/${member.id}/${avatarId}.jpg`;
    expect((await request(t.app).get(url)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get(url)
          .set('Authorization', `Bearer ${await t.token(member, ['users:read'])}`)
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .get(url)
          .set('Authorization', `Bearer ${await t.token(member, ['recipes:read'])}`)
      ).status,
    ).toBe(403);
    expect(
      (await request(t.app).get(`/avatars/${member.id}/${avatarId}.png`).set('Cookie', member.cookie)).status,
    ).toBe(404);
  });

  it('answers 401 to a picture whose own account another request deleted meanwhile, keeping no file', async () => {
    const member = await t.member('user');
    const db = t.database.db;
    // The other request is stood in for by a trigger: the account goes once the upload is decoded.
    await sql
      .raw(
        `create function test_account_leaves() returns trigger language plpgsql as $$
         begin delete from accounts where id = '${member.id}'; return new; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger test_account_leaves after insert on pending_image_deletions
         for each row when (new.key like 'avatars/${member.id}/%') execute function test_account_leaves()`,
      )
      .execute(db);
    try {
      const res = await setOwn(member.cookie, picture);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.detail).toBe('Your account was removed while the picture was saved; it was not kept.');
    } finally {
      await sql.raw('drop trigger test_account_leaves on pending_image_deletions').execute(db);
      await sql.raw('drop function test_account_leaves()').execute(db);
    }
    expect(await storedKeys(t, `avatars/${member.id}/`)).toEqual([]);
    expect(await pendingDeletions(t)).toEqual([]);
  });
});
