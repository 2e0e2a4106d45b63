/** Helpers shared by the photo and avatar tests: a recipe, uploads, and a look into the stored files. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_RENDERER, IMAGE_STORE, type ImageRenderer, type ImageStore } from '@larder/domain';
import { sql } from 'kysely';
import request from 'supertest';
import { type Member, type TestApp, type TestAppOptions, startTestApp } from '../test-support/test-app.js';
import { plainRecipeBody } from './recipe-fixtures.js';

/** A test app whose images live in a fresh directory of their own. */
export async function startPhotoApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp & { dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'larder-photos-'));
  const t = await startTestApp({ SERVICE_DATA_DIR: dataDir, ...env }, options);
  const closeDatabase = t.close;
  // Also stop what the images hold: the renderer's worker threads and the S3 client's sockets.
  const close = async () => {
    await t.container.resolve<ImageRenderer>(IMAGE_RENDERER).close();
    (imageStoreOf(t) as ImageStore & { close?: () => void }).close?.();
    await closeDatabase();
  };
  return Object.assign(t, { dataDir, close });
}

export function authorize(req: request.Test, who: Member | string): request.Test {
  return typeof who === 'string' ? req.set('Authorization', `Bearer ${who}`) : req.set('Cookie', who.cookie);
}

/** A recipe written through the API by `who`. */
export async function newRecipe(
  t: TestApp,
  who: Member,
  changes: Record<string, unknown> = {},
): Promise<string> {
  const res = await request(t.app)
    .post('/api/v1/recipes')
    .set('Cookie', who.cookie)
    .send(plainRecipeBody({ title: `Bread ${Math.random().toString(36).slice(2, 8)}`, ...changes }));
  if (res.status !== 201) throw new Error(`recipe failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export function upload(
  t: TestApp,
  who: Member | string,
  recipeId: string,
  bytes: Uint8Array,
  name = 'photo.jpg',
) {
  return authorize(request(t.app).post(`/api/v1/recipes/${recipeId}/images`), who).attach(
    'file',
    Buffer.from(bytes),
    name,
  );
}

/** Uploads and answers the created Image; fails on anything but 201. */
export async function uploaded(t: TestApp, who: Member | string, recipeId: string, bytes: Uint8Array) {
  const res = await upload(t, who, recipeId, bytes);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; width: number; height: number; position: number };
}

export function imageStoreOf(t: TestApp): ImageStore {
  return t.container.resolve<ImageStore>(IMAGE_STORE);
}

export async function storedKeys(t: TestApp, prefix: string): Promise<string[]> {
  return (await imageStoreOf(t).list(prefix)).sort();
}

export async function pendingDeletions(t: TestApp): Promise<Array<{ key: string; attempts: number }>> {
  const { rows } = await sql<{ key: string; attempts: number }>`
    select key, attempts from pending_image_deletions order by id`.execute(t.database.db);
  return rows;
}

export { binary } from '../test-support/binary-body.js';
