/**
 * Zip export and import through the HTTP API: lossless round trips (photo bytes identical), every
 * refusal with archives the tests build (a slip, a symlink, a bomb, lying sizes, 100,000 entries,
 * a non-image photo, a broken document), the role rules, and a failed import leaving nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { type ClientRequest, type IncomingMessage, type Server, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { YazlZipArchives } from '@larder/adapters-zip';
import {
  SYMLINK_ATTRIBUTES,
  buildZip,
  deflatedEntry,
  deflatedZerosEntry,
  storedEntry,
} from '@larder/adapters-zip/test-support/zip-builder.js';
import { jpegOf, pngOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { startS3rver } from '@larder/adapters-s3-images/test-support/s3-server.js';
import { ImageJanitor, TRANSFER_LIMITS, photoKey } from '@larder/domain';
import request from 'supertest';
import type { TestApp } from '../test-support/test-app.js';
import {
  binary,
  imageStoreOf,
  pendingDeletions,
  startPhotoApp,
  storedKeys,
  uploaded,
} from './photo-helpers.js';
import { createRecipe } from './share-helpers.js';

type App = TestApp & { dataDir: string };

/** Reads every entry of a zip: name → bytes. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new YazlZipArchives().open(
    (async function* () {
      yield new Uint8Array(zip);
    })(),
    TRANSFER_LIMITS,
  );
  try {
    const files = new Map<string, Buffer>();
    for (const entry of archive.entries) files.set(entry.name, Buffer.from(await archive.read(entry.name)));
    return files;
  } finally {
    await archive.close();
  }
}

function exportZip(t: App, recipeIds: string[], who = t.owner.cookie) {
  return binary(request(t.app).post('/api/v1/export').set('Cookie', who).send({ recipeIds }));
}

function importZip(t: App, zip: Buffer, who = t.owner.cookie) {
  return request(t.app)
    .post('/api/v1/import')
    .set('Cookie', who)
    .set('Content-Type', 'application/zip')
    .send(zip);
}

/** The documents of an archive with what may differ between households (times) left out. */
function documents(files: Map<string, Buffer>): unknown[] {
  return [...files.entries()]
    .filter(([name]) => name.endsWith('/recipe.json'))
    .map(([, bytes]) => {
      const { createdAt: _c, updatedAt: _u, ...rest } = JSON.parse(bytes.toString('utf8'));
      return rest;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function photos(files: Map<string, Buffer>): string[] {
  return [...files.entries()]
    .filter(([name]) => name.endsWith('.jpg'))
    .map(
      ([name, bytes]) =>
        `${name.split('/').slice(-2).join('/')}:${bytes.toString('base64').length}:${bytes.subarray(0, 64).toString('hex')}`,
    )
    .sort();
}

async function recipeCount(t: App): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from recipes`.execute(t.database.db);
  return rows[0]?.n ?? 0;
}

describe.each([
  ['on disk', {}],
  ['in S3', { s3: true }],
])('export and import %s', (_where, options) => {
  let source: App;
  let target: App;
  let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
  beforeAll(async () => {
    let env: Record<string, string> = {};
    if ((options as { s3?: boolean }).s3) {
      s3 = await startS3rver('larder-transfer');
      env = {
        SERVICE_S3_BUCKET: 'larder-transfer',
        SERVICE_S3_ENDPOINT: s3.options.endpoint!,
        SERVICE_S3_REGION: 'us-east-1',
        SERVICE_S3_ACCESS_KEY_ID: 'S3RVER',
        SERVICE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
    }
    source = await startPhotoApp(env);
    target = await startPhotoApp(env);
  });
  afterAll(async () => {
    await source.close();
    await target.close();
    await s3?.stop();
  });

  it('round-trips recipes losslessly: byte-identical photos, documents equal but for times, no comments', async () => {
    const soup = await createRecipe(source, source.owner, { title: 'Lentil soup' });
    const bread = await createRecipe(source, source.owner, { title: 'Bread' });
    await uploaded(source, source.owner, soup.id, await jpegOf(800, 600));
    const cover = await uploaded(source, source.owner, soup.id, await pngOf(400, 300));
    await request(source.app)
      .put(`/api/v1/recipes/${soup.id}/cover`)
      .set('Cookie', source.owner.cookie)
      .send({ imageId: cover.id });
    await request(source.app)
      .post(`/api/v1/recipes/${soup.id}/comments`)
      .set('Cookie', source.owner.cookie)
      .send({ body: 'A secret of the house' });

    const first = await exportZip(source, [soup.id, bread.id]);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    const firstFiles = await unzip(first.body as Buffer);
    expect([...firstFiles.values()].some((b) => b.toString('utf8').includes('A secret of the house'))).toBe(
      false,
    );

    const imported = await importZip(target, first.body as Buffer);
    expect(imported.status).toBe(201);
    expect(imported.body.created.map((c: { title: string }) => c.title).sort()).toEqual([
      'Bread',
      'Lentil soup',
    ]);
    const importedSoup = imported.body.created.find((c: { title: string }) => c.title === 'Lentil soup');
    const soupAnswer = await request(target.app)
      .get(`/api/v1/recipes/${importedSoup.id}`)
      .set('Cookie', target.owner.cookie);
    expect(soupAnswer.body.images).toHaveLength(2);
    expect(soupAnswer.body.coverImageId).toBe(soupAnswer.body.images[1].id);

    const second = await exportZip(
      target,
      imported.body.created.map((c: { id: string }) => c.id),
    );
    const secondFiles = await unzip(second.body as Buffer);
    expect(documents(secondFiles)).toEqual(documents(firstFiles));
    expect(photos(secondFiles)).toEqual(photos(firstFiles));
    for (const [name, bytes] of firstFiles) {
      if (name.endsWith('.jpg')) expect(secondFiles.get(name)?.equals(bytes)).toBe(true);
    }
  });

  // One photo file lost from the store (deleted on disk or from the bucket, or a database and
  // photos restored from different moments) cut the download short: the whole export was lost.
  it('leave out a photo whose file is missing from the image store: the zip stays whole and imports', async () => {
    const recipe = await createRecipe(source, source.owner, { title: 'Plum tart' });
    const kept = await uploaded(source, source.owner, recipe.id, await jpegOf(300, 200));
    const lost = await uploaded(source, source.owner, recipe.id, await jpegOf(200, 300));
    await request(source.app)
      .put(`/api/v1/recipes/${recipe.id}/cover`)
      .set('Cookie', source.owner.cookie)
      .send({ imageId: lost.id })
      .expect(204);
    await imageStoreOf(source).delete(photoKey(recipe.id, lost.id, 'original.jpg'));
    const other = await createRecipe(source, source.owner, { title: 'Pear tart' });
    await uploaded(source, source.owner, other.id, await jpegOf(250, 250));

    const exported = await exportZip(source, [recipe.id, other.id]);
    expect(exported.status).toBe(200);
    const files = await unzip(exported.body as Buffer);
    const named = JSON.parse(String(files.get('recipes/plum-tart/recipe.json'))) as {
      photos: Array<{ file: string; width: number }>;
      cover: string;
    };
    expect(named.photos).toEqual([{ file: 'photos/1.jpg', width: kept.width, height: kept.height }]);
    expect(named.cover).toBe('photos/1.jpg');
    expect(files.has('recipes/plum-tart/photos/2.jpg')).toBe(false);
    expect(files.has('recipes/pear-tart/photos/1.jpg')).toBe(true);
    const imported = await importZip(target, exported.body as Buffer);
    expect(imported.status).toBe(201);
    expect(imported.body.created).toHaveLength(2);
  });

  it('takes back its own export of a recipe at the limits, however repetitive its text (a document over 1 MiB)', async () => {
    const ingredientGroups = Array.from({ length: 20 }, (_, g) => ({
      name: g === 0 ? null : `Group ${g}`,
      ingredients: Array.from({ length: 100 }, (_, i) => ({
        quantity: 1,
        unit: 'u'.repeat(20),
        name: g === 0 && i === 0 ? 'salt' : `${'a'.repeat(110)} ${g} ${i}`,
        note: 'n'.repeat(200),
      })),
    }));
    const steps = Array.from({ length: 50 }, () => ({
      text: `Add the salt. ${'x'.repeat(1900)}`,
      references: Array.from({ length: 30 }, () => ({
        groupName: null,
        ingredientName: 'salt',
        word: 'salt',
      })),
    }));
    const huge = await createRecipe(source, source.owner, {
      title: 'Repetitive feast',
      description: 'd'.repeat(2000),
      ingredientGroups,
      steps,
    });
    const zip = (await exportZip(source, [huge.id])).body as Buffer;
    const document = [...(await unzip(zip)).entries()].find(([name]) => name.endsWith('recipe.json'))?.[1];
    expect(document!.length).toBeGreaterThan(1024 * 1024);
    const imported = await importZip(target, zip);
    expect(imported.status).toBe(201);
    expect(imported.body.created[0].title).toBe('Repetitive feast');
  });

  it('gives imported recipes fresh slugs where theirs are taken', async () => {
    const pie = await createRecipe(source, source.owner, { title: 'Apple pie' });
    const zip = (await exportZip(source, [pie.id])).body as Buffer;
    const once = await importZip(target, zip);
    const twice = await importZip(target, zip);
    expect(once.body.created[0].slug).toBe('apple-pie');
    expect(twice.body.created[0].slug).toBe('apple-pie-2');
  });
});

describe('export and import refusals', () => {
  let t: App;
  let soupId: string;
  let member: Awaited<ReturnType<TestApp['member']>>;
  beforeAll(async () => {
    t = await startPhotoApp();
    soupId = (await createRecipe(t, t.owner)).id;
    member = await t.member('user', 'plain');
  });
  afterAll(() => t.close());

  it('are for admins and the owner: a member gets 403, before a byte of the upload is read', async () => {
    expect((await exportZip(t, [soupId], member.cookie)).status).toBe(403);
    expect((await importZip(t, Buffer.from('PK'), member.cookie)).status).toBe(403);
    const admin = await t.member('admin', 'keeper');
    expect((await exportZip(t, [soupId], admin.cookie)).status).toBe(200);
  });

  it('answer 404 for an unknown id and 422 for an empty list', async () => {
    const exportJson = (recipeIds: string[]) =>
      request(t.app).post('/api/v1/export').set('Cookie', t.owner.cookie).send({ recipeIds });
    const unknown = await exportJson([soupId, 'no-such-recipe']);
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/problem\+json/);
    const empty = await exportJson([]);
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].location).toBe('body.recipeIds');
  });

  it('export by an address too (GET): the same zip for the ids in recipeIds, under the same rules', async () => {
    const second = (await createRecipe(t, t.owner)).id;
    const byPost = await exportZip(t, [soupId, second]);
    const get = (query: string, who = t.owner.cookie) =>
      binary(request(t.app).get(`/api/v1/export${query}`).set('Cookie', who));
    const byAddress = await get(`?recipeIds=${soupId},${second}`);
    expect(byAddress.status).toBe(200);
    expect(byAddress.headers['content-type']).toBe('application/zip');
    expect(byAddress.headers['content-disposition']).toMatch(/^attachment; filename="larder-/);
    expect(documents(await unzip(byAddress.body as Buffer))).toEqual(
      documents(await unzip(byPost.body as Buffer)),
    );
    expect((await get(`?recipeIds=${soupId}`, member.cookie)).status).toBe(403);
    expect((await get(`?recipeIds=${soupId},no-such-recipe`)).status).toBe(404);
    for (const query of ['', '?recipeIds=', '?recipeIds=,']) {
      const refused = await request(t.app).get(`/api/v1/export${query}`).set('Cookie', t.owner.cookie);
      expect([query, refused.status, refused.body.errors?.[0]?.location]).toEqual([
        query,
        422,
        'query.recipeIds',
      ]);
    }
  });

  it('take an archive sent without a Content-Type for what it is', async () => {
    const zip = (await exportZip(t, [soupId])).body as Buffer;
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Bytes: fetch sends no Content-Type with them.
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/import`, {
        method: 'POST',
        headers: { cookie: t.owner.cookie },
        body: new Uint8Array(zip),
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { created: unknown[] }).created).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('refuse over 1 GiB with 413 at once, and a body that is no zip with 415 or 422', async () => {
    const huge = await request(t.app)
      .post('/api/v1/import')
      .set('Cookie', t.owner.cookie)
      .set('Content-Type', 'application/zip')
      .set('Content-Length', String(TRANSFER_LIMITS.maxArchiveBytes + 1))
      .send(Buffer.alloc(16));
    expect(huge.status).toBe(413);
    expect(huge.body.type).toBe('urn:larder:problem:transfer.archive_too_large');
    const json = await request(t.app).post('/api/v1/import').set('Cookie', t.owner.cookie).send({ a: 1 });
    expect(json.status).toBe(415);
    // A zip said to be JSON is still no JSON body to read: 415, not a parse error.
    const labelled = await request(t.app)
      .post('/api/v1/import')
      .set('Cookie', t.owner.cookie)
      .set('Content-Type', 'application/json')
      .send(Buffer.from('PK\u0003\u0004 not json'));
    expect(labelled.status).toBe(415);
    const junk = await importZip(t, Buffer.from('this is not a zip at all'));
    expect(junk.status).toBe(422);
    // A body said to be compressed is not read as the archive, compressed or not.
    for (const encoding of ['gzip', 'br']) {
      const before = await recipeCount(t);
      const encoded = await request(t.app)
        .post('/api/v1/import')
        .set('Cookie', t.owner.cookie)
        .set('Content-Type', 'application/zip')
        .set('Content-Encoding', encoding)
        .send(buildZip([manifest([])]));
      expect([encoding, encoded.status, encoded.body.detail]).toEqual([
        encoding,
        415,
        'Send the archive without a Content-Encoding (it is already compressed).',
      ]);
      expect(await recipeCount(t)).toBe(before);
    }
  });

  it('answers an upload that passes 1 GiB without announcing its length with a 413 problem, and keeps nothing', async () => {
    const before = await recipeCount(t);
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const chunk = new Uint8Array(4 * 1024 * 1024);
      let sent = 0;
      // Chunked: the size is known only as it arrives. The client stops sending once refused.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > TRANSFER_LIMITS.maxArchiveBytes + 64 * 1024 * 1024) controller.close();
          else {
            sent += chunk.byteLength;
            controller.enqueue(chunk);
          }
        },
      });
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/zip', cookie: t.owner.cookie },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ type: 'urn:larder:problem:transfer.archive_too_large' });
      expect(await recipeCount(t)).toBe(before);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function refused(zip: Buffer, entry: RegExp | string): Promise<void> {
    const before = await recipeCount(t);
    const res = await importZip(t, zip);
    expect([res.status, res.body.title]).toEqual([422, 'Unprocessable Entity']);
    expect(JSON.stringify(res.body)).toMatch(
      typeof entry === 'string' ? new RegExp(entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : entry,
    );
    expect(await recipeCount(t)).toBe(before);
  }

  const manifest = (paths: string[]) =>
    storedEntry(
      'larder.json',
      JSON.stringify({
        format: 'larder-recipes',
        version: 1,
        exportedAt: '2026-01-01T00:00:00Z',
        recipes: paths,
      }),
    );
  const document = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      format: 'larder-recipe',
      version: 1,
      title: 'Soup',
      servings: 2,
      ingredientGroups: [{ name: null, ingredients: [] }],
      steps: [],
      photos: [],
      ...over,
    });

  it('read the slugs in use once for many recipes of one title, not once per recipe', async () => {
    const archiveOf = (titles: string[]) =>
      buildZip([
        ...titles.map((title, i) => storedEntry(`recipes/r${i}/recipe.json`, document({ title }))),
        manifest(titles.map((_, i) => `recipes/r${i}/recipe.json`)),
      ]);
    await createRecipe(t, t.owner, { title: 'Barley broth' });
    const distinct = await t.queries.during(async () => {
      const res = await importZip(t, archiveOf(Array.from({ length: 20 }, (_, i) => `Broth number ${i} x`)));
      expect(res.status).toBe(201);
    });
    const alike = await t.queries.during(async () => {
      const res = await importZip(t, archiveOf(Array.from({ length: 20 }, () => 'Barley broth')));
      expect(res.status).toBe(201);
      expect(res.body.created.map((c: { slug: string }) => c.slug)).toEqual(
        Array.from({ length: 20 }, (_, i) => `barley-broth-${i + 2}`),
      );
    });
    // The first recipe finds its base taken and reads the slugs in use (a few statements more);
    // the others know them (before: three statements more for each).
    expect(alike).toBeLessThanOrEqual(distinct + 3);
  });

  it('refuse an entry that escapes the archive, a symlink, lying sizes, a bomb and 100,000 entries, naming the entry', async () => {
    await refused(buildZip([storedEntry('../evil.txt', 'x'), manifest([])]), '../evil.txt');
    await refused(buildZip([storedEntry('/etc/passwd', 'x'), manifest([])]), '/etc/passwd');
    await refused(buildZip([storedEntry('C:\\windows.txt', 'x'), manifest([])]), 'windows');
    await refused(
      buildZip([
        storedEntry('recipes/soup/link', '/etc/passwd', { externalAttributes: SYMLINK_ATTRIBUTES }),
        manifest([]),
      ]),
      'recipes/soup/link',
    );
    await refused(
      buildZip([
        deflatedEntry('recipes/soup/recipe.json', document(), { uncompressedSize: 10 }),
        manifest(['recipes/soup/recipe.json']),
      ]),
      'recipes/soup/recipe.json',
    );
    await refused(
      buildZip([await deflatedZerosEntry('recipes/soup/photos/1.jpg', 200 * 1024 * 1024), manifest([])]),
      'recipes/soup/photos/1.jpg',
    );
    await refused(buildZip([manifest([])], { declaredEntryCount: 100_000 }), /entries/);
  });

  it('refuse an archive whose recipe documents together pass 64 MiB, naming the archive, before reading any', async () => {
    // 70 documents declaring 1 MB each from 20 kB the archive does not even hold: reading one would fail otherwise.
    const paths = Array.from({ length: 70 }, (_, i) => `recipes/r${i}/recipe.json`);
    const zip = buildZip([
      ...paths.map((path) =>
        deflatedEntry(path, 'not JSON', { uncompressedSize: 1_000_000, compressedSize: 20_000 }),
      ),
      manifest(paths),
    ]);
    const before = await recipeCount(t);
    const res = await importZip(t, zip);
    expect([res.status, res.body.type]).toEqual([422, 'urn:larder:problem:transfer.archive_refused']);
    expect(res.body.errors).toEqual([
      {
        location: 'body.file',
        message: `holds 70000000 bytes of recipe documents; at most ${TRANSFER_LIMITS.maxDocumentsBytes} are accepted`,
      },
    ]);
    expect(await recipeCount(t)).toBe(before);
  });

  it('refuse a photo that is no image Larder accepts, and a document that breaks a recipe rule, at its place', async () => {
    await refused(
      buildZip([
        storedEntry('recipes/soup/recipe.json', document({ photos: [{ file: 'photos/1.jpg' }] })),
        storedEntry('recipes/soup/photos/1.jpg', 'GIF89a not a photo at all'),
        manifest(['recipes/soup/recipe.json']),
      ]),
      'recipes/soup/photos/1.jpg',
    );
    await refused(
      buildZip([
        storedEntry(
          'recipes/soup/recipe.json',
          document({
            steps: [
              {
                text: 'Simmer 20 minutes.',
                references: [],
                times: [{ phrase: '25 minutes', seconds: 1500 }],
              },
            ],
          }),
        ),
        manifest(['recipes/soup/recipe.json']),
      ]),
      'recipes/soup/recipe.json: steps[0].times[0].phrase',
    );
  });

  // An original is kept byte for byte only when it is what Larder writes: an ICC profile, a comment
  // or EXIF after the scan, or bytes after the image's end were kept and served with the photo.
  it('keep a photo’s bytes only when they are a plain JPEG: anything beside the picture makes it anew', async () => {
    const plain = Buffer.from(await jpegOf(300, 200));
    const segment = (marker: number, text: string) => {
      const data = Buffer.from(text, 'latin1');
      const head = Buffer.from([0xff, marker, 0, 0]);
      head.writeUInt16BE(data.length + 2, 2);
      return Buffer.concat([head, data]);
    };
    const [start, scanEnd] = [plain.subarray(0, 2), plain.length - 2];
    const variants: Array<[string, Buffer]> = [
      ['plain', plain],
      ['an application segment', Buffer.concat([start, segment(0xe2, 'LARDER-HIDDEN\0'), plain.subarray(2)])],
      [
        'EXIF after the scan',
        Buffer.concat([plain.subarray(0, scanEnd), segment(0xe1, 'LARDER-HIDDEN'), plain.subarray(scanEnd)]),
      ],
      [
        'a comment after the scan',
        Buffer.concat([plain.subarray(0, scanEnd), segment(0xfe, 'LARDER-HIDDEN'), plain.subarray(scanEnd)]),
      ],
      ['bytes after its end', Buffer.concat([plain, Buffer.from('LARDER-HIDDEN')])],
    ];
    for (const [what, bytes] of variants) {
      const res = await importZip(
        t,
        buildZip([
          storedEntry('recipes/soup/recipe.json', document({ photos: [{ file: 'photos/1.jpg' }] })),
          storedEntry('recipes/soup/photos/1.jpg', bytes),
          manifest(['recipes/soup/recipe.json']),
        ]),
      );
      expect([what, res.status]).toEqual([what, 201]);
      const recipe = await request(t.app)
        .get(`/api/v1/recipes/${res.body.created[0].id}`)
        .set('Cookie', t.owner.cookie);
      const original = await binary(
        request(t.app)
          .get(`/images/${recipe.body.id}/${recipe.body.images[0].id}/original.jpg`)
          .set('Cookie', t.owner.cookie),
      );
      expect(original.status).toBe(200);
      const stored = original.body as Buffer;
      if (what === 'plain') expect(stored.equals(bytes)).toBe(true);
      else expect([what, stored.includes('LARDER-HIDDEN')]).toEqual([what, false]);
    }
  });

  it('answer 401 when the importer’s account is deleted during the import, and leave nothing behind', async () => {
    const importer = await t.member('admin', 'importer');
    const zip = buildZip([
      storedEntry('recipes/one/recipe.json', document({ photos: [{ file: 'photos/1.jpg' }] })),
      storedEntry('recipes/one/photos/1.jpg', await jpegOf(300, 200)),
      manifest(['recipes/one/recipe.json']),
    ]);
    const files = async () => (await storedKeys(t, 'recipes/')).length;
    const before = { recipes: await recipeCount(t), files: await files() };
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const upload = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/import',
            headers: {
              Cookie: importer.cookie,
              'Content-Type': 'application/zip',
              'Transfer-Encoding': 'chunked',
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        upload.on('error', reject);
        // Half the archive; the account is deleted while the rest is still to come.
        upload.write(zip.subarray(0, 100), () => {
          void request(t.app)
            .delete(`/api/v1/users/${importer.id}`)
            .set('Cookie', t.owner.cookie)
            .then((deleted) => {
              expect(deleted.status).toBe(204);
              upload.end(zip.subarray(100));
            }, reject);
        });
      });
      const { status, body } = await answer;
      expect(status).toBe(401);
      expect(JSON.parse(body)).toMatchObject({
        type: 'urn:larder:problem:access.sign_in_required',
        detail: 'Your account was deleted during the import; nothing was imported.',
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await t.container.resolve(ImageJanitor).sweep();
    expect(await recipeCount(t)).toBe(before.recipes);
    expect(await files()).toBe(before.files);
    expect(await pendingDeletions(t)).toEqual([]);
  });

  it('leave nothing behind when an import fails at any stage: no row, no file', async () => {
    const good = (folder: string, title: string) => [
      storedEntry(`recipes/${folder}/recipe.json`, document({ title, photos: [{ file: 'photos/1.jpg' }] })),
    ];
    const jpeg = await jpegOf(300, 200);
    const files = async () => (await storedKeys(t, 'recipes/')).length;
    const before = { recipes: await recipeCount(t), files: await files() };

    // A photo of the second recipe fails after the first one's photo was stored.
    await refused(
      buildZip([
        ...good('one', 'One'),
        storedEntry('recipes/one/photos/1.jpg', jpeg),
        ...good('two', 'Two'),
        storedEntry('recipes/two/photos/1.jpg', await pngOf(50, 50)),
        manifest(['recipes/one/recipe.json', 'recipes/two/recipe.json']),
      ]),
      'recipes/two/photos/1.jpg',
    );
    // The transaction fails after every photo was stored.
    await sql`create function larder_test_refuse() returns trigger language plpgsql as $$
      begin if new.title = 'Refused' then raise exception 'refused by the test'; end if; return new; end $$`.execute(
      t.database.db,
    );
    await sql`create trigger larder_test_refuse before insert on recipes for each row execute function larder_test_refuse()`.execute(
      t.database.db,
    );
    try {
      const failed = await importZip(
        t,
        buildZip([
          ...good('one', 'One'),
          storedEntry('recipes/one/photos/1.jpg', jpeg),
          ...good('two', 'Refused'),
          storedEntry('recipes/two/photos/1.jpg', jpeg),
          manifest(['recipes/one/recipe.json', 'recipes/two/recipe.json']),
        ]),
      );
      expect(failed.status).toBe(500);
    } finally {
      await sql`drop trigger larder_test_refuse on recipes`.execute(t.database.db);
      await sql`drop function larder_test_refuse()`.execute(t.database.db);
    }
    await t.container.resolve(ImageJanitor).sweep();
    expect(await recipeCount(t)).toBe(before.recipes);
    expect(await files()).toBe(before.files);
    expect(await pendingDeletions(t)).toEqual([]);
  });
});

describe('an export cut short once it has begun', () => {
  const logs: string[] = [];
  let t: App;
  let server: Server;
  beforeAll(async () => {
    t = await startPhotoApp({}, { logs });
    server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** Starts the export of `recipeId` and answers its first bytes' answer. */
  async function downloading(
    recipeId: string,
  ): Promise<{ download: ClientRequest; answer: IncomingMessage }> {
    const { port } = server.address() as AddressInfo;
    const download = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/export',
      headers: { Cookie: t.owner.cookie, 'Content-Type': 'application/json' },
    });
    download.on('error', () => undefined);
    download.end(JSON.stringify({ recipeIds: [recipeId] }));
    const [answer] = (await once(download, 'response')) as [IncomingMessage];
    expect(answer.statusCode).toBe(200);
    return { download, answer };
  }

  /** The log line `message` once the service wrote it (looked for while it answers other requests). */
  async function logged(message: string): Promise<Record<string, unknown> | undefined> {
    const find = () =>
      logs.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line['msg'] === message);
    for (let i = 0; i < 400 && !find(); i++) {
      await request(t.app).get('/healthz').expect(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return find();
  }

  it('by a client that leaves is no error of ours: logged at info, without a stack', async () => {
    const recipe = await createRecipe(t, t.owner);
    const photo = await uploaded(t, t.owner, recipe.id, await jpegOf(300, 200));
    // An original far larger than the sockets hold between the service and a client that stops reading.
    const original = photoKey(recipe.id, photo.id, 'original.jpg');
    await imageStoreOf(t).put(original, randomBytes(32 * 1024 * 1024), 'image/jpeg');
    const { download, answer } = await downloading(recipe.id);
    await once(answer, 'data');
    download.destroy();
    const line = await logged('the client went away before its export was written');
    expect(line).toMatchObject({ level: 30 });
    expect(line).not.toHaveProperty('err');
    expect(logs.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('leaves out a photo deleted while the archive is written, and stays a whole archive', async () => {
    const recipe = await createRecipe(t, t.owner);
    const first = await uploaded(t, t.owner, recipe.id, await jpegOf(300, 200));
    const second = await uploaded(t, t.owner, recipe.id, await jpegOf(200, 300));
    const third = await uploaded(t, t.owner, recipe.id, await jpegOf(250, 250));
    // A first original far larger than the sockets hold: the export waits inside it while the
    // download is paused, before the second photo's turn.
    await imageStoreOf(t).put(
      photoKey(recipe.id, first.id, 'original.jpg'),
      randomBytes(11 * 1024 * 1024),
      'image/jpeg',
    );
    const { answer } = await downloading(recipe.id);
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(answer, 'data');
    answer.pause();
    await request(t.app)
      .delete(`/api/v1/recipes/${recipe.id}/images/${second.id}`)
      .set('Cookie', t.owner.cookie)
      .expect(204);
    answer.resume();
    await once(answer, 'end');
    const files = await unzip(Buffer.concat(chunks));
    const document = [...files.entries()].find(([name]) => name.endsWith('recipe.json'))?.[1];
    const photosNamed = (JSON.parse(String(document)) as { photos: Array<{ file: string; width: number }> })
      .photos;
    expect(photosNamed.map((p) => p.width)).toEqual([300, 250]);
    for (const photo of photosNamed)
      expect([...files.keys()].some((name) => name.endsWith(photo.file))).toBe(true);
    expect(third.id).toEqual(expect.any(String));
    expect(logs.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('leaves out a photo whose file is missing from the store, logged at warn naming it, not an error', async () => {
    const recipe = await createRecipe(t, t.owner);
    await uploaded(t, t.owner, recipe.id, await jpegOf(200, 200));
    // Its row is there, its original is not: no deletion, a store that lost a file.
    const photo = await uploaded(t, t.owner, recipe.id, await jpegOf(300, 200));
    await imageStoreOf(t).delete(photoKey(recipe.id, photo.id, 'original.jpg'));
    const before = logs.length;
    const { answer } = await downloading(recipe.id);
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(answer, 'end');
    const files = await unzip(Buffer.concat(chunks));
    expect([...files.keys()].filter((name) => name.endsWith('.jpg'))).toHaveLength(1);
    const lines = logs.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      lines.find(
        (l) => l['msg'] === 'export left out a photo whose original is missing from the image store',
      ),
    ).toMatchObject({
      level: 40,
      recipeId: recipe.id,
      imageId: photo.id,
    });
    expect(lines.filter((l) => (l['level'] as number) >= 50)).toEqual([]);
  });

  it('by a photo the store cannot give (not a missing file: an outage) is an error, with its stack', async () => {
    const recipe = await createRecipe(t, t.owner);
    await uploaded(t, t.owner, recipe.id, await jpegOf(200, 200));
    const photo = await uploaded(t, t.owner, recipe.id, await jpegOf(300, 200));
    // A directory where the original's file should be: the store opens it and cannot read it.
    const original = join(t.dataDir, 'images', photoKey(recipe.id, photo.id, 'original.jpg'));
    await rm(original);
    await mkdir(original);
    const { answer } = await downloading(recipe.id);
    answer.resume();
    const line = await logged('export failed while it was being written');
    expect(line).toMatchObject({
      level: 50,
      err: { message: expect.stringMatching(/EISDIR/), stack: expect.any(String) },
    });
  });
});
