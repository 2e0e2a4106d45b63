import { ImageJanitor } from '@larder/domain';
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { startS3rver } from '@larder/adapters-s3-images/test-support/s3-server.js';
import sharp from 'sharp';
import request from 'supertest';
import type { TestApp } from '../test-support/test-app.js';
import {
  binary,
  imageStoreOf,
  newRecipe,
  pendingDeletions,
  startPhotoApp,
  storedKeys,
  upload,
  uploaded,
} from './photo-helpers.js';

describe('photos in S3 (s3rver), through a storage outage', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let t: TestApp;
  let jpeg: Uint8Array;
  const logs: string[] = [];
  beforeAll(async () => {
    s3 = await startS3rver('larder-photos', { keepDirectory: true });
    t = await startPhotoApp(
      {
        SERVICE_S3_BUCKET: 'larder-photos',
        SERVICE_S3_ENDPOINT: s3.options.endpoint!,
        SERVICE_S3_REGION: 'us-east-1',
        SERVICE_S3_ACCESS_KEY_ID: 'S3RVER',
        SERVICE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      { logs },
    );
    jpeg = await jpegOf(640, 480);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('stores and serves the renditions from the bucket', async () => {
    expect(imageStoreOf(t).kind).toBe('s3');
    const recipeId = await newRecipe(t, t.owner);
    const image = await uploaded(t, t.owner, recipeId, jpeg);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toHaveLength(3);
    const res = await binary(
      request(t.app).get(`/images/${recipeId}/${image.id}/detail.jpg`).set('Cookie', t.owner.cookie),
    );
    expect(res.status).toBe(200);
    expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('a deletion the outage held up is retried by the sweep until the files are gone; a failed upload leaves nothing', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const image = await uploaded(t, t.owner, recipeId, jpeg);
    await s3.stop(); // storage outage

    const removed = await request(t.app)
      .delete(`/api/v1/recipes/${recipeId}/images/${image.id}`)
      .set('Cookie', t.owner.cookie);
    expect(removed.status).toBe(204); // the photo is gone for the household at once
    expect(
      (await request(t.app).get(`/api/v1/recipes/${recipeId}`).set('Cookie', t.owner.cookie)).body.images,
    ).toEqual([]);
    const failedUpload = await upload(t, t.owner, recipeId, jpeg);
    expect(failedUpload.status).toBe(503); // worth trying again, and says when
    expect(Number(failedUpload.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(t, t.owner, recipeId, jpeg)).status).toBe(503);
    // Why, said once for the outage (at warn: a bucket comes back by itself), not once per request.
    const said = logs
      .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string; err?: unknown })
      .filter((line) => line.msg.startsWith('photo storage cannot be used'));
    expect(said).toEqual([
      expect.objectContaining({ level: 40, reason: expect.stringContaining('ECONNREFUSED') }),
    ]);
    expect(said[0]).not.toHaveProperty('err');
    expect(
      (await request(t.app).get(`/images/${recipeId}/${image.id}/thumb.jpg`).set('Cookie', t.owner.cookie))
        .status,
    ).not.toBe(500);
    const queued = await pendingDeletions(t);
    expect(queued.map((q) => q.key)).toContain(`recipes/${recipeId}/${image.id}/`);
    expect(queued.every((q) => q.attempts >= 1)).toBe(true);

    s3 = await startS3rver('larder-photos', { port: s3.port, directory: s3.directory, keepDirectory: true }); // back
    expect(await storedKeys(t, `recipes/${recipeId}/${image.id}/`)).toHaveLength(3); // still there

    const janitor = t.container.resolve(ImageJanitor);
    expect(await janitor.sweep()).toEqual({ removed: 0, failed: 0 }); // not due yet: it waits before trying again
    t.clock.advance(10 * 60 * 1000);
    expect((await janitor.sweep()).removed).toBe(queued.length);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toEqual([]);
    expect(await pendingDeletions(t)).toEqual([]);
    expect(
      (await request(t.app).get(`/api/v1/recipes/${recipeId}`).set('Cookie', t.owner.cookie)).body.imageCount,
    ).toBe(0);
  }, 60_000);
});

describe('the jimp renderer, chosen by SERVICE_IMAGE_RENDERER=jimp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startPhotoApp({ SERVICE_IMAGE_RENDERER: 'jimp' });
  });
  afterAll(() => t.close());

  it('renders JPEG uploads in its worker threads and refuses WebP with 415', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const image = await uploaded(t, t.owner, recipeId, await jpegOf(900, 600));
    expect([image.width, image.height]).toEqual([900, 600]);
    expect(await storedKeys(t, `recipes/${recipeId}/`)).toHaveLength(3);
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c05030' } })
      .webp()
      .toBuffer();
    expect((await upload(t, t.owner, recipeId, new Uint8Array(webp), 'a.webp')).status).toBe(415);
  }, 60_000);
});

describe('the sharp renderer (the default where sharp loads)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startPhotoApp();
  });
  afterAll(() => t.close());

  it('accepts WebP', async () => {
    const recipeId = await newRecipe(t, t.owner);
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c05030' } })
      .webp()
      .toBuffer();
    const res = await upload(t, t.owner, recipeId, new Uint8Array(webp), 'a.webp');
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([300, 200]);
  });
});
