import * as nodeFiles from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ServiceUnavailable } from '@larder/domain';
import {
  type DiskFiles,
  DiskImageStore,
  S3ImageStore,
  type S3ImageStoreOptions,
  createImageStore,
} from '@larder/adapters-s3-images';
import { imageStoreContract } from '../test-support/image-store-contract.js';
import { type TestS3, startS3rver, tryMinio } from '../test-support/s3-server.js';

describe('image store on disk', () => {
  let root: string;
  const dirs: string[] = [];
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'larder-images-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  imageStoreContract(async () => {
    const dir = join(root, `s${dirs.length}`);
    dirs.push(dir);
    return new DiskImageStore(dir);
  });

  it('leaves no temporary file behind and tidies empty folders on delete', async () => {
    const dir = join(root, 'tidy');
    const store = new DiskImageStore(dir);
    await store.put('recipes/r1/i1/thumb.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    expect(await readdir(join(dir, 'recipes/r1/i1'))).toEqual(['thumb.jpg']);
    await store.delete('recipes/r1/i1/thumb.jpg');
    expect(await readdir(dir)).toEqual([]);
  });

  it('never serves or lists a temporary file a crashed write left', async () => {
    const dir = join(root, 'crashed');
    const store = new DiskImageStore(dir);
    await mkdir(join(dir, 'recipes/r1/i1'), { recursive: true });
    await writeFile(join(dir, 'recipes/r1/i1/.0b7a.tmp'), 'half');
    expect(await store.list('recipes/')).toEqual([]);
    await expect(store.get('recipes/r1/i1/.0b7a.tmp')).rejects.toThrow(/refused image key/);
  });

  it('answers a file where its folder should be as storage that cannot be used (503), reporting it', async () => {
    // The data directory's `images` made a file by mistake (a restore gone wrong).
    const file = join(root, 'not-a-folder');
    await writeFile(file, 'oops');
    const reported: unknown[] = [];
    const store = new DiskImageStore(file, (cause) => reported.push(cause));
    const refusal = await store.put('recipes/r1/i1/thumb.jpg', new Uint8Array([1]), 'image/jpeg').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ServiceUnavailable);
    expect((refusal as ServiceUnavailable).code).toBe('images.storage_unavailable');
    expect(reported).toEqual([expect.objectContaining({ code: 'ENOTDIR' })]);
    // Reading finds nothing there, as before.
    expect(await store.get('recipes/r1/i1/thumb.jpg')).toBeNull();
  });

  it('removes the temporary files crashed writes left, once they are old, and nothing else', async () => {
    const dir = join(root, 'leftovers');
    const store = new DiskImageStore(dir);
    await store.put('recipes/r1/i1/thumb.jpg', new Uint8Array([1]), 'image/jpeg');
    const old = join(dir, 'recipes/r1/i1/.0b7a0000-1111-4222-8333-444455556666.tmp');
    const fresh = join(dir, 'recipes/r1/i2/.0b7a0000-1111-4222-8333-777788889999.tmp');
    await mkdir(join(dir, 'recipes/r1/i2'), { recursive: true });
    await writeFile(old, 'half');
    await writeFile(fresh, 'under way');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    expect(await store.removeLeftovers(new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
    expect(await readdir(join(dir, 'recipes/r1/i1'))).toEqual(['thumb.jpg']);
    expect(await readdir(join(dir, 'recipes/r1/i2'))).toHaveLength(1);
  });

  /**
   * Node's own file system, but right after the store makes a folder, `between(folder)` runs once
   * (or on every make, with `every`): a concurrent request, really done on the real directory,
   * landing between the store's mkdir and the creation of its temporary file. `races` counts
   * how often it ran, so a test knows the race did happen.
   */
  function raceAfterMkdir(
    between: (folder: string) => Promise<void>,
    every = false,
  ): { files: DiskFiles; races: () => number } {
    let races = 0;
    const files: DiskFiles = {
      ...nodeFiles,
      async mkdir(path, options) {
        const made = await nodeFiles.mkdir(path, options);
        if (every || races === 0) {
          races++;
          await between(path);
        }
        return made;
      },
    };
    return { files, races: () => races };
  }

  /** Removes a folder and the empty folders above it up to `root`, as a delete tidies them. */
  async function removeEmptyFolders(root: string, folder: string): Promise<void> {
    for (let dir = folder; dir !== root; dir = dirname(dir)) await nodeFiles.rmdir(dir);
  }

  /** Every temporary file of a write under `root`, at any depth. */
  async function temporaryFiles(root: string): Promise<string[]> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith('.tmp')).map((e) => e.name);
  }

  it('stores a file whose folder a delete of its last other file removed after the mkdir', async () => {
    // A new avatar written while the old one, the only file of the folder, is deleted: the delete
    // removes the folder the write had just made sure of.
    const dir = join(root, 'race-delete');
    // The race runs during the put below, once `store` is made.
    const race = raceAfterMkdir(async (folder) => {
      expect(folder).toBe(join(dir, 'avatars/u1'));
      await store.delete('avatars/u1/old.jpg');
      await expect(readdir(dir)).resolves.toEqual([]); // the folder and the ones above it are gone
    });
    const store = new DiskImageStore(dir, undefined, race.files);
    await new DiskImageStore(dir).put('avatars/u1/old.jpg', new Uint8Array([1]), 'image/jpeg');

    await store.put('avatars/u1/new.jpg', new Uint8Array([2, 3]), 'image/jpeg');

    expect(race.races()).toBe(1);
    expect(Buffer.from((await store.get('avatars/u1/new.jpg'))!.bytes)).toEqual(Buffer.from([2, 3]));
    expect(await store.get('avatars/u1/old.jpg')).toBeNull();
    expect(await readdir(join(dir, 'avatars/u1'))).toEqual(['new.jpg']);
  });

  it('stores every rendition of a photo whose folder was removed under its first write, leaving no temporary file', async () => {
    const dir = join(root, 'race-renditions');
    const race = raceAfterMkdir((folder) => removeEmptyFolders(dir, folder));
    const store = new DiskImageStore(dir, undefined, race.files);
    const renditions = new Map([
      ['thumb.jpg', Buffer.from([1, 1])],
      ['detail.jpg', Buffer.from([2, 2, 2])],
      ['original.jpg', Buffer.from([3, 3, 3, 3])],
    ]);

    for (const [file, bytes] of renditions) await store.put(`recipes/r1/i2/${file}`, bytes, 'image/jpeg');
    expect(race.races()).toBe(1);

    for (const [file, bytes] of renditions) {
      expect(Buffer.from((await store.get(`recipes/r1/i2/${file}`))!.bytes)).toEqual(bytes);
    }
    expect((await store.list('recipes/r1/i2/')).sort()).toEqual([
      'recipes/r1/i2/detail.jpg',
      'recipes/r1/i2/original.jpg',
      'recipes/r1/i2/thumb.jpg',
    ]);
    expect(await temporaryFiles(dir)).toEqual([]);
    expect(await store.removeLeftovers(new Date(Date.now() + 60 * 60 * 1000))).toBe(0);
  });

  it('gives up on a folder that keeps being removed, after a bounded number of tries, leaving no temporary file', async () => {
    const dir = join(root, 'race-forever');
    const race = raceAfterMkdir((folder) => removeEmptyFolders(dir, folder), true);
    const store = new DiskImageStore(dir, undefined, race.files);

    await expect(
      store.put('recipes/r1/i3/thumb.jpg', new Uint8Array([1]), 'image/jpeg'),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(race.races()).toBeGreaterThan(1);
    expect(race.races()).toBeLessThanOrEqual(5);
    expect(await readdir(dir)).toEqual([]);
  });

  it('is the store chosen when no bucket is set, under <data dir>/images', async () => {
    const store = createImageStore({ dataDir: join(root, 'data') });
    expect(store.kind).toBe('disk');
    await store.put('avatars/u/a.jpg', new Uint8Array([9]), 'image/jpeg');
    expect(await readdir(join(root, 'data/images/avatars/u'))).toEqual(['a.jpg']);
  });
});

describe('image store on S3 (s3rver in this process)', () => {
  let s3: TestS3;
  const stores: S3ImageStore[] = [];
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    for (const store of stores) store.close();
    await s3.stop();
  });

  let n = 0;
  // A bucket of its own per test, so each starts empty.
  imageStoreContract(
    async () => {
      const options = { ...s3.options, bucket: `larder-test-${++n}` };
      await createBucket(options);
      const store = new S3ImageStore(options);
      stores.push(store);
      return store;
    },
    { replaceUnderLoad: false },
  );

  it('is the store chosen when a bucket is set', () => {
    const store = createImageStore({ dataDir: '/nowhere', s3: s3.options });
    expect(store.kind).toBe('s3');
    (store as S3ImageStore).close();
  });
});

async function createBucket(options: S3ImageStoreOptions): Promise<void> {
  const client = new S3Client({
    region: options.region!,
    endpoint: options.endpoint!,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId!, secretAccessKey: options.secretAccessKey! },
  });
  await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
  client.destroy();
}

// A MinIO testcontainer joins only when a Docker engine answers; without one (as on the
// development machines) testcontainers refuses at once and s3rver above covers S3.
const minio = await tryMinio();
if (minio) {
  describe('image store on MinIO (testcontainer)', () => {
    const stores: S3ImageStore[] = [];
    afterAll(async () => {
      for (const store of stores) store.close();
      await minio.stop();
    });
    let n = 0;
    imageStoreContract(async () => {
      const options = { ...minio.options, bucket: `larder-minio-${++n}` };
      await createBucket(options);
      const store = new S3ImageStore(options);
      stores.push(store);
      return store;
    });
  });
}
