/**
 * Photos on disk, where the disk refuses: an images directory the service may not write answers
 * an upload 503 with Retry-After (images.storage_unavailable), as a bucket that does not answer
 * does, and the log says why once, at error, without a stack — not a 500 with a stack per request.
 * The service runs in a process of its own as a user the directory refuses (root is refused
 * nothing, so a test run as root starts it as nobody).
 */
import { chown, chmod, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import request from 'supertest';
import {
  type RunAs,
  type ServiceProcess,
  newDataDir,
  startServiceProcess,
} from '../test-support/service-process.js';
import { plainRecipeBody } from './recipe-fixtures.js';

const NOBODY: RunAs = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

let service: ServiceProcess | undefined;
let dataDir: string;
afterAll(async () => {
  await service?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
  reason?: string;
  code?: string;
  err?: unknown;
}

it('an images directory the service may not write: 503 with Retry-After, said once in the log', async () => {
  dataDir = await newDataDir();
  // The service's own data directory, with a photo folder it may read but not write.
  const recipes = join(dataDir, 'images', 'recipes');
  await mkdir(recipes, { recursive: true });
  if (NOBODY.uid !== undefined) {
    await chown(dataDir, NOBODY.uid, NOBODY.gid!);
    await chown(join(dataDir, 'images'), NOBODY.uid, NOBODY.gid!);
  }
  await chmod(recipes, 0o555);
  service = await startServiceProcess({ SERVICE_ADMIN_USER: 'owner' }, dataDir, NOBODY);

  const login = await request(service.url)
    .post('/api/v1/auth/login')
    .send({ username: 'owner', password: 'owner-password-1' });
  const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const recipe = await request(service.url)
    .post('/api/v1/recipes')
    .set('Cookie', cookie)
    .send(plainRecipeBody());
  expect(recipe.status).toBe(201);
  const jpeg = Buffer.from(await jpegOf(320, 240));
  for (let i = 0; i < 2; i++) {
    const res = await request(service.url)
      .post(`/api/v1/recipes/${recipe.body.id}/images`)
      .set('Cookie', cookie)
      .attach('file', jpeg, 'photo.jpg');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.type).toBe('urn:larder:problem:images.storage_unavailable');
  }

  const lines = service
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
  const troubles = lines.filter((line) => line.level >= 50);
  expect(troubles).toEqual([
    expect.objectContaining({
      msg: 'photo storage cannot be used; requests that need it answer 503 until it can',
      code: 'EACCES',
      reason: expect.stringMatching(/^EACCES: permission denied/),
    }),
  ]);
  expect(troubles[0]).not.toHaveProperty('err');
}, 180_000);
