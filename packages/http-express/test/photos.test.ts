import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Caller, ImageJanitor, RecipePhotos } from '@larder/domain';
import { coreDependencies } from '../src/composition-root.js';
import {
  decode,
  jpegOf,
  pngBomb,
  pngOf,
  withExif,
} from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import request from 'supertest';
import type { TestApp } from '../test-support/test-app.js';
import {
  authorize,
  binary,
  newRecipe,
  pendingDeletions,
  startPhotoApp,
  storedKeys,
  upload,
  uploaded,
} from './photo-helpers.js';

let t: TestApp;
let jpeg: Uint8Array;
beforeAll(async () => {
  t = await startPhotoApp();
  jpeg = await jpegOf(1200, 800);
});
afterAll(() => t.close());

async function recipeAnswer(id: string) {
  const res = await request(t.app).get(`/api/v1/recipes/${id}`).set('Cookie', t.owner.cookie);
  expect(res.status).toBe(200);
  return res.body;
}

describe('uploading photos', () => {
  it('stores a JPEG as three renditions and answers 201 Image; the first becomes the cover', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const res = await upload(t, t.owner, recipeId, jpeg);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      $schema: expect.stringContaining('/schemas/Image.json'),
      id: expect.any(String),
      width: 1200,
      height: 800,
      position: 0,
    });
    const id = res.body.id;
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual(
      ['detail.jpg', 'original.jpg', 'thumb.jpg'].map((f) => `recipes/${recipeId}/${id}/${f}`),
    );
    const second = await uploaded(t, t.owner, recipeId, await pngOf(300, 200));
    expect(second.position).toBe(1);

    const recipe = await recipeAnswer(recipeId);
    expect(recipe.coverImageId).toBe(id);
    expect(recipe.images).toEqual([
      { id, width: 1200, height: 800, position: 0 },
      { id: second.id, width: 300, height: 200, position: 1 },
    ]);
    expect(recipe.imageCount).toBe(2);
    expect(recipe.imageBytes).toBeGreaterThan(1000);

    const list = await request(t.app).get('/api/v1/recipes').set('Cookie', t.owner.cookie);
    const card = list.body.items.find((c: { id: string }) => c.id === recipeId);
    expect(card).toMatchObject({ coverImageId: id, imageCount: 2, imageBytes: recipe.imageBytes });
  });

  it('stores the picture upright: EXIF orientation 6 swaps width and height', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const image = await uploaded(
      t,
      t.owner,
      recipeId,
      withExif(await jpegOf(600, 300), { orientation: 6, gps: true }),
    );
    expect([image.width, image.height]).toEqual([300, 600]);
    const file = await binary(
      request(t.app).get(`/images/${recipeId}/${image.id}/original.jpg`).set('Cookie', t.owner.cookie),
    );
    const back = await decode(new Uint8Array(file.body));
    expect([back.width, back.height]).toEqual([300, 600]);
    expect((file.body as Buffer).includes(Buffer.from('Exif'))).toBe(false);
  });

  it('says the file must be among the first parts when a form holds many fields before it', async () => {
    const recipeId = await newRecipe(t, t.owner);
    let req = authorize(request(t.app).post(`/api/v1/recipes/${recipeId}/images`), t.owner);
    for (let i = 0; i < 100; i++) req = req.field(`f${i}`, 'x');
    const res = await req.attach('file', Buffer.from(jpeg), 'a.jpg');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { location: 'body', message: 'must hold the file "file" among at most 25 parts' },
    ]);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
  });

  it('refuses another type with 415 and leaves nothing behind', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const res = await upload(
      t,
      t.owner,
      recipeId,
      new TextEncoder().encode('just some text, named like a photo'),
    );
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    const json = await authorize(request(t.app).post(`/api/v1/recipes/${recipeId}/images`), t.owner).send({
      file: 'x',
    });
    expect(json.status).toBe(415);
    const encoded = await authorize(request(t.app).post(`/api/v1/recipes/${recipeId}/images`), t.owner)
      .set('Content-Encoding', 'gzip')
      .attach('file', Buffer.from(await jpegOf(300, 200)), 'a.jpg');
    expect(encoded.status).toBe(415);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
    expect((await recipeAnswer(recipeId)).images).toEqual([]);
  });

  it('refuses bad dimensions, a PNG bomb and a truncated JPEG with 422 at body.file', async () => {
    const recipeId = await newRecipe(t, t.owner);
    for (const bytes of [
      await jpegOf(60, 400),
      pngBomb(8000, 8000),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    ]) {
      const res = await upload(t, t.owner, recipeId, bytes);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].location).toBe('body.file');
    }
    const missing = await authorize(request(t.app).post(`/api/v1/recipes/${recipeId}/images`), t.owner).field(
      'other',
      'x',
    );
    expect(missing.status).toBe(422);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('refuses a body over 10 MiB with 413', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(jpeg.subarray(0, 100));
    const res = await upload(t, t.owner, recipeId, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      type: 'urn:larder:problem:image_too_large',
      title: 'Content Too Large',
    });
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
  });

  it('refuses with 413 before reading the body when Content-Length already says too much', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port: (server.address() as AddressInfo).port,
          method: 'POST',
          path: `/api/v1/recipes/${recipeId}/images`,
          headers: {
            Cookie: t.owner.cookie,
            'Content-Type': 'multipart/form-data; boundary=xyz',
            'Content-Length': String(200 * 1024 * 1024),
          },
        });
        req.on('response', (res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
          req.destroy();
        });
        req.on('error', reject);
        req.flushHeaders(); // headers only: not one byte of the 200 MB is ever sent
      });
      expect(status).toBe(413);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses the 21st photo of a recipe with 422, even when two uploads race for the last place', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const small = await jpegOf(200, 200);
    for (let i = 0; i < 19; i++) await uploaded(t, t.owner, recipeId, small);
    const [a, b] = await Promise.all([
      upload(t, t.owner, recipeId, jpeg),
      upload(t, t.owner, recipeId, jpeg),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    const refused = a.status === 422 ? a : b;
    expect(refused.body.errors[0].message).toMatch(/at most 20 photos/);
    // The refused upload left no file and no row behind.
    expect((await recipeAnswer(recipeId)).imageCount).toBe(20);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toHaveLength(60);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('keeps nothing, and answers 401, when the uploader is removed while the photo is rendered', async () => {
    const member = await t.member('user');
    const recipeId = await newRecipe(t, t.owner);
    const account = await coreDependencies(t.container).store.accounts.byId(member.id);
    const caller: Caller = { account: account!, via: 'session' };
    // The upload's checks passed as the member was; the owner removes them before it is kept.
    const photos = t.container.resolve(RecipePhotos);
    await photos.checkUpload(caller, recipeId);
    const removed = await request(t.app).delete(`/api/v1/users/${member.id}`).set('Cookie', t.owner.cookie);
    expect(removed.status).toBe(204);
    await expect(photos.upload(caller, recipeId, jpeg)).rejects.toMatchObject({
      kind: 'unauthenticated',
      code: 'access.sign_in_required',
    });
    expect((await recipeAnswer(recipeId)).imageCount).toBe(0);
    await t.container.resolve(ImageJanitor).sweep();
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('needs the right to edit the recipe, and a token with recipes:write', async () => {
    const member = await t.member('user');
    const locked = await newRecipe(t, t.owner, { editPolicy: 'locked' });
    expect((await upload(t, member, locked, jpeg)).status).toBe(403);
    expect((await upload(t, member, 'no-such-recipe', jpeg)).status).toBe(404);
    const reader = await t.token(t.owner, ['recipes:read']);
    expect((await upload(t, reader, locked, jpeg)).status).toBe(403);
    const writer = await t.token(t.owner, ['recipes:write']);
    expect((await upload(t, writer, locked, jpeg)).status).toBe(201);
    expect(
      (
        await request(t.app)
          .post(`/api/v1/recipes/${locked}/images`)
          .attach('file', Buffer.from(jpeg), 'a.jpg')
      ).status,
    ).toBe(401);
    expect(await storedKeys(t, `recipes/no-such-recipe/`)).toEqual([]);
  });
});

describe('reading photo files', () => {
  let recipeId: string;
  let imageId: string;
  beforeAll(async () => {
    recipeId = await newRecipe(t, t.owner);
    imageId = (await uploaded(t, t.owner, recipeId, jpeg)).id;
  });

  it('serves thumb, detail and original as image/jpeg with long private caching and an ETag', async () => {
    const sizes: Record<string, number[]> = {};
    for (const file of ['thumb.jpg', 'detail.jpg', 'original.jpg']) {
      const res = await binary(
        request(t.app).get(`/images/${recipeId}/${imageId}/${file}`).set('Cookie', t.owner.cookie),
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(res.headers['etag']).toMatch(/^"/);
      const back = await decode(new Uint8Array(res.body));
      sizes[file] = [back.width, back.height];
    }
    expect(sizes).toEqual({
      'thumb.jpg': [480, 320],
      'detail.jpg': [1200, 800],
      'original.jpg': [1200, 800],
    });
  });

  it('answers 304 to a matching If-None-Match, headers only to HEAD, and 206 to a byte range', async () => {
    const url = `/images/${recipeId}/${imageId}/thumb.jpg`;
    const first = await request(t.app).get(url).set('Cookie', t.owner.cookie);
    const again = await request(t.app)
      .get(url)
      .set('Cookie', t.owner.cookie)
      .set('If-None-Match', first.headers['etag']);
    expect(again.status).toBe(304);
    const head = await request(t.app).head(url).set('Cookie', t.owner.cookie);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
    expect(head.headers['content-type']).toBe('image/jpeg');
    const part = await binary(
      request(t.app).get(url).set('Cookie', t.owner.cookie).set('Range', 'bytes=0-9'),
    );
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
    expect((part.body as Buffer).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('answers 404 for any other file name, another recipe, or an unknown photo', async () => {
    const other = await newRecipe(t, t.owner);
    for (const url of [
      `/images/${recipeId}/${imageId}/huge.jpg`,
      `/images/${recipeId}/${imageId}/thumb.png`,
      `/images/${other}/${imageId}/thumb.jpg`,
      `/images/${recipeId}/nope/thumb.jpg`,
    ]) {
      expect((await request(t.app).get(url).set('Cookie', t.owner.cookie)).status).toBe(404);
    }
  });

  it('needs a session or a token with recipes:read', async () => {
    const url = `/images/${recipeId}/${imageId}/thumb.jpg`;
    expect((await request(t.app).get(url)).status).toBe(401);
    const member = await t.member('user');
    const reader = await t.token(member, ['recipes:read']);
    const noScope = await t.token(member, ['recipes:write']);
    expect((await request(t.app).get(url).set('Authorization', `Bearer ${reader}`)).status).toBe(200);
    expect((await request(t.app).get(url).set('Authorization', `Bearer ${noScope}`)).status).toBe(403);
    expect((await request(t.app).get(url).set('Cookie', member.cookie)).status).toBe(200);
  });
});

describe('cover, order and removal', () => {
  async function threePhotos() {
    const recipeId = await newRecipe(t, t.owner);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await uploaded(t, t.owner, recipeId, await jpegOf(200 + i * 10, 200))).id);
    return { recipeId, ids };
  }

  it('sets the cover to any photo of the recipe; a photo of another recipe is 404', async () => {
    const { recipeId, ids } = await threePhotos();
    const res = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/cover`)
      .set('Cookie', t.owner.cookie)
      .send({ imageId: ids[2] });
    expect(res.status).toBe(204);
    expect((await recipeAnswer(recipeId)).coverImageId).toBe(ids[2]);
    const other = await threePhotos();
    const foreign = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/cover`)
      .set('Cookie', t.owner.cookie)
      .send({ imageId: other.ids[0] });
    expect(foreign.status).toBe(404);
    expect((await recipeAnswer(recipeId)).coverImageId).toBe(ids[2]);
    const empty = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/cover`)
      .set('Cookie', t.owner.cookie)
      .send({ imageId: '' });
    expect(empty.status).toBe(422);
  });

  it('reorders exactly the recipe photos and answers {items} in the new order', async () => {
    const { recipeId, ids } = await threePhotos();
    const order = [ids[2], ids[0], ids[1]];
    const res = await request(t.app)
      .put(`/api/v1/recipes/${recipeId}/images/order`)
      .set('Cookie', t.owner.cookie)
      .send({ imageIds: order });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(order);
    expect(res.body.items.map((i: { position: number }) => i.position)).toEqual([0, 1, 2]);
    expect((await recipeAnswer(recipeId)).images.map((i: { id: string }) => i.id)).toEqual(order);

    const other = await threePhotos();
    for (const imageIds of [
      [ids[0], ids[1]],
      [...order, other.ids[0]],
      [ids[0], ids[0], ids[1]],
      [ids[0], ids[1], other.ids[0]],
    ]) {
      const bad = await request(t.app)
        .put(`/api/v1/recipes/${recipeId}/images/order`)
        .set('Cookie', t.owner.cookie)
        .send({ imageIds });
      expect(bad.status).toBe(422);
    }
    expect((await recipeAnswer(recipeId)).images.map((i: { id: string }) => i.id)).toEqual(order);
  });

  it('deleting a photo removes its files; deleting the cover moves it to the next photo', async () => {
    const { recipeId, ids } = await threePhotos();
    const res = await request(t.app)
      .delete(`/api/v1/recipes/${recipeId}/images/${ids[0]}`)
      .set('Cookie', t.owner.cookie);
    expect(res.status).toBe(204);
    expect(await storedKeys(t, `recipes/${recipeId}/${ids[0]}/`)).toEqual([]);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toHaveLength(6);
    const recipe = await recipeAnswer(recipeId);
    expect(recipe.coverImageId).toBe(ids[1]);
    expect(recipe.images).toEqual([
      expect.objectContaining({ id: ids[1], position: 0 }),
      expect.objectContaining({ id: ids[2], position: 1 }),
    ]);
    expect(
      (await request(t.app).get(`/images/${recipeId}/${ids[0]}/thumb.jpg`).set('Cookie', t.owner.cookie))
        .status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .delete(`/api/v1/recipes/${recipeId}/images/${ids[0]}`)
          .set('Cookie', t.owner.cookie)
      ).status,
    ).toBe(404);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('deleting the last photo leaves no cover', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const only = await uploaded(t, t.owner, recipeId, jpeg);
    await request(t.app)
      .delete(`/api/v1/recipes/${recipeId}/images/${only.id}`)
      .set('Cookie', t.owner.cookie)
      .expect(204);
    expect(await recipeAnswer(recipeId)).toMatchObject({
      coverImageId: null,
      images: [],
      imageCount: 0,
      imageBytes: 0,
    });
  });

  it('deleting a recipe removes the files of all its photos', async () => {
    const { recipeId } = await threePhotos();
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toHaveLength(9);
    const res = await request(t.app).delete(`/api/v1/recipes/${recipeId}`).set('Cookie', t.owner.cookie);
    expect(res.status).toBe(204);
    await t.container.resolve(ImageJanitor).sweep(); // what the periodic sweep does, should the route not have
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('a member who may not edit the recipe changes neither cover, order nor photos', async () => {
    const { recipeId, ids } = await threePhotos();
    const lockedId = await newRecipe(t, t.owner, { editPolicy: 'locked' });
    const photo = await uploaded(t, t.owner, lockedId, jpeg);
    const member = await t.member('user');
    expect(
      (
        await request(t.app)
          .put(`/api/v1/recipes/${lockedId}/cover`)
          .set('Cookie', member.cookie)
          .send({ imageId: photo.id })
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .put(`/api/v1/recipes/${lockedId}/images/order`)
          .set('Cookie', member.cookie)
          .send({ imageIds: [photo.id] })
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .delete(`/api/v1/recipes/${lockedId}/images/${photo.id}`)
          .set('Cookie', member.cookie)
      ).status,
    ).toBe(403);
    // An open recipe: every member manages its photos.
    expect(
      (
        await request(t.app)
          .put(`/api/v1/recipes/${recipeId}/cover`)
          .set('Cookie', member.cookie)
          .send({ imageId: ids[1] })
      ).status,
    ).toBe(204);
  });
});
