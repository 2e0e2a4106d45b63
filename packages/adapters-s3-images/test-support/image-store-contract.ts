import { randomBytes } from 'node:crypto';
import type { ImageStore } from '@larder/domain';

export interface ContractOptions {
  /**
   * Run the replace-while-reading check. Off only for s3rver, whose file-backed fake
   * aborts a read racing a write; real S3 and MinIO replace objects atomically, and our
   * own code adds nothing there to test.
   */
  replaceUnderLoad?: boolean;
}

/**
 * The one behaviour every image store keeps, whatever it stores in. Call inside a
 * `describe`; `open` gives a fresh, empty store.
 */
export function imageStoreContract(open: () => Promise<ImageStore>, options: ContractOptions = {}): void {
  let store: ImageStore;
  beforeEach(async () => {
    store = await open();
  });

  const bytesOf = (n: number) => new Uint8Array(randomBytes(n));

  it('gives back exactly what was put, with its size and a quoted ETag', async () => {
    const bytes = bytesOf(5000);
    await store.put('recipes/r1/i1/thumb.jpg', bytes, 'image/jpeg');
    const got = await store.get('recipes/r1/i1/thumb.jpg');
    expect(got).not.toBeNull();
    expect(Buffer.from(got!.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(got!.size).toBe(5000);
    expect(got!.etag).toMatch(/^"[^"]+"$/);
    const head = await store.head('recipes/r1/i1/thumb.jpg');
    expect(head).toEqual({ key: 'recipes/r1/i1/thumb.jpg', size: 5000, etag: got!.etag });
  });

  it('answers null for a key it does not hold', async () => {
    expect(await store.get('recipes/none/i/thumb.jpg')).toBeNull();
    expect(await store.head('recipes/none/i/thumb.jpg')).toBeNull();
  });

  it('replaces a file on a second put', async () => {
    await store.put('avatars/u1/a1.jpg', bytesOf(100), 'image/jpeg');
    const second = bytesOf(200);
    await store.put('avatars/u1/a1.jpg', second, 'image/jpeg');
    const got = await store.get('avatars/u1/a1.jpg');
    expect(Buffer.from(got!.bytes).equals(Buffer.from(second))).toBe(true);
  });

  it('deletes, and deleting a missing file is no error', async () => {
    await store.put('recipes/r2/i1/detail.jpg', bytesOf(10), 'image/jpeg');
    await store.delete('recipes/r2/i1/detail.jpg');
    expect(await store.get('recipes/r2/i1/detail.jpg')).toBeNull();
    await expect(store.delete('recipes/r2/i1/detail.jpg')).resolves.toBeUndefined();
    await expect(store.delete('recipes/never/x/y.jpg')).resolves.toBeUndefined();
  });

  it('lists the keys under a prefix, and only those', async () => {
    for (const key of [
      'recipes/r1/a/thumb.jpg',
      'recipes/r1/a/detail.jpg',
      'recipes/r1/b/thumb.jpg',
      'recipes/r10/c/thumb.jpg',
    ]) {
      await store.put(key, bytesOf(3), 'image/jpeg');
    }
    expect((await store.list('recipes/r1/')).sort()).toEqual([
      'recipes/r1/a/detail.jpg',
      'recipes/r1/a/thumb.jpg',
      'recipes/r1/b/thumb.jpg',
    ]);
    expect((await store.list('recipes/r1/a/')).sort()).toEqual([
      'recipes/r1/a/detail.jpg',
      'recipes/r1/a/thumb.jpg',
    ]);
    expect(await store.list('recipes/nothing/')).toEqual([]);
  });

  it('refuses keys that could leave its space', async () => {
    for (const key of [
      '../escape.jpg',
      'recipes/../../etc/passwd',
      '/absolute.jpg',
      'a//b.jpg',
      '.hidden/x.jpg',
      'a/./b',
      '',
    ]) {
      await expect(store.put(key, bytesOf(1), 'image/jpeg')).rejects.toThrow(/refused image key/);
      await expect(store.get(key)).rejects.toThrow(/refused image key/);
      await expect(store.delete(key)).rejects.toThrow(/refused image key/);
    }
  });

  if (options.replaceUnderLoad !== false) {
    it('never shows a reader half a file while it is being replaced', async () => {
      const key = 'recipes/r3/i1/original.jpg';
      const versions = [bytesOf(3 * 1024 * 1024), bytesOf(3 * 1024 * 1024)].map((b) => Buffer.from(b));
      let writing = true;
      const writer = (async () => {
        for (let i = 0; i < 6; i++) await store.put(key, versions[i % 2]!, 'image/jpeg');
        writing = false;
      })();
      const seen = new Set<string>();
      while (writing) {
        const got = await store.get(key);
        if (got === null) {
          seen.add('none');
          continue;
        }
        const whole = versions.findIndex((v) => v.equals(Buffer.from(got.bytes)));
        expect(whole).toBeGreaterThanOrEqual(0);
        seen.add(String(whole));
      }
      await writer;
      expect(seen.size).toBeGreaterThan(0);
    }, 60_000);
  }
}
