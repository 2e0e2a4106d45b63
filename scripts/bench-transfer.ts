/**
 * npm run bench:transfer — moves a household of 500 recipes with 3 photos each through the zip
 * archive: imports a generated archive over HTTP, exports every recipe again, and imports that
 * export once more. Records the time of each and the server's peak RSS (VmHWM, reset before each
 * phase) against its idle RSS in docs/performance.md; the goal is peak ≤ idle + 150 MB.
 *
 * Env: BENCH_DATABASE_URL (a PostgreSQL admin URL; default postgres://larder:larder@127.0.0.1:5432/larder,
 * PGlite when it does not answer or BENCH_DRIVER=pglite), BENCH_RECIPES (500), BENCH_PHOTOS (3).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import sharp from 'sharp';
import yazl from 'yazl';
import { generateRecipe, seededRandom } from './bench/recipe-generator.ts';
import { freePort } from './bench/free-port.ts';

const root = new URL('..', import.meta.url).pathname;
const RECIPES = Number(process.env['BENCH_RECIPES'] ?? 500);
const PHOTOS = Number(process.env['BENCH_PHOTOS'] ?? 3);
const SMALL = 10;
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://larder:larder@127.0.0.1:5432/larder';
const PASSWORD = 'bench-password-1';
const MB = 1024 * 1024;

/**
 * A photo as households keep them: 2000 × 1500, gradients and some grain (about 0.5 MB as JPEG;
 * 500 recipes with 3 such photos make an archive under the 1 GiB an upload may be).
 */
async function photo(seed: number): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const rnd = seededRandom(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width + rnd() * 12;
    pixels[i + 1] = (y * 255) / height + rnd() * 12;
    pixels[i + 2] = 100 + seed * 40 + rnd() * 12;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** An archive of version 1 (docs/transfer.md) with `count` generated recipes, written to `file`. */
async function writeArchive(file: string, photos: Buffer[], count = RECIPES): Promise<void> {
  const zip = new yazl.ZipFile();
  const rnd = seededRandom(42);
  const documents: string[] = [];
  const when = new Date('2000-01-01T00:00:00Z');
  for (let i = 0; i < count; i++) {
    const recipe = generateRecipe(rnd, i);
    const folder = `recipes/r${i + 1}`;
    const files = photos.map((_, n) => `photos/${n + 1}.jpg`);
    const document = {
      format: 'larder-recipe',
      version: 1,
      ...recipe,
      steps: recipe.steps.map((step) => ({ ...step, references: [] })),
      photos: files.map((name) => ({ file: name })),
      cover: files[0] ?? null,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(document)), `${folder}/recipe.json`, { mtime: when });
    photos.forEach((bytes, n) =>
      zip.addBuffer(bytes, `${folder}/${files[n]}`, { mtime: when, compress: false }),
    );
    documents.push(`${folder}/recipe.json`);
  }
  const manifest = {
    format: 'larder-recipes',
    version: 1,
    exportedAt: new Date().toISOString(),
    recipes: documents,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'larder.json', { mtime: when });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

/** The process's resident set now, and its peak since the last reset (Linux /proc). */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'packages/http-express/dist/main.js')], {
    // As `npm start` and the container image run it.
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      // As `npm start` and the container image run it: a young generation of 8 MB semi-spaces.
      NODE_OPTIONS: '--max-semi-space-size=8',
      ...env,
      SERVICE_ADDR: `127.0.0.1:${port}`,
      SERVICE_ADMIN_PASSWORD: PASSWORD,
      SERVICE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function database(): Promise<{ env: Record<string, string>; label: string; drop(): Promise<void> }> {
  if (process.env['BENCH_DRIVER'] !== 'pglite') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await admin.connect();
      const name = `larder_bench_transfer_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const { rows } = await admin.query<{ v: string }>("select current_setting('server_version') as v");
      return {
        env: { SERVICE_DATABASE_URL: url.toString() },
        label: `PostgreSQL ${rows[0]?.v ?? ''}`.trim(),
        drop: async () => {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    } catch {
      await admin.end().catch(() => undefined);
    }
  }
  return { env: {}, label: 'PGlite', drop: async () => undefined };
}

interface Phase {
  name: string;
  seconds: number;
  peak: number;
  bytes: number;
}

// BENCH_WRITE_ARCHIVE=FILE only writes the generated archive (to look into memory with it elsewhere).
if (process.env['BENCH_WRITE_ARCHIVE']) {
  await writeArchive(
    process.env['BENCH_WRITE_ARCHIVE'],
    await Promise.all(Array.from({ length: PHOTOS }, (_, n) => photo(n + 1))),
  );
  process.exit(0);
}

const dir = await mkdtemp(join(tmpdir(), 'larder-bench-transfer-'));
const db = await database();
const { child, base } = await startServer({ ...db.env, SERVICE_DATA_DIR: join(dir, 'data') });
const pid = child.pid!;
try {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, n) => photo(n + 1)));
  const archive = join(dir, 'generated.zip');
  await writeArchive(archive, photos);
  const small = join(dir, 'small.zip');
  await writeArchive(small, photos, SMALL);
  // Idle: started, signed in, a few reads answered.
  for (let i = 0; i < 20; i++) await fetch(`${base}/api/v1/recipes`, { headers: { cookie } });
  await new Promise((r) => setTimeout(r, 1000));
  const idle = (await memory(pid)).rss;
  const phases: Phase[] = [];

  const importFile = async (name: string, file: string, expected = RECIPES) => {
    await resetPeak(pid);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', cookie, origin: base },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (res.status !== 201) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    const created = ((await res.json()) as { created: unknown[] }).created.length;
    if (created !== expected) throw new Error(`${name}: created ${created}`);
    phases.push({
      name,
      seconds: (performance.now() - started) / 1000,
      peak: (await memory(pid)).peak,
      bytes: (await stat(file)).size,
    });
  };

  // A few recipes first: what moving recipes costs at all, to compare with what moving many costs.
  await importFile(`import ${SMALL} recipes × ${PHOTOS} photos`, small, SMALL);
  await importFile(`import ${RECIPES} recipes × ${PHOTOS} photos`, archive);

  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/v1/recipes?limit=100&page=${page}`, { headers: { cookie } });
    const body = (await res.json()) as { items: Array<{ id: string }> };
    ids.push(...body.items.map((card) => card.id));
    if (body.items.length < 100) break;
  }
  // An export request names at most 500 recipes (EXPORT_LIMIT).
  ids.splice(RECIPES);
  const exported = join(dir, 'exported.zip');
  await resetPeak(pid);
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ recipeIds: ids }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(exported));
  phases.push({
    name: `export ${ids.length} recipes`,
    seconds: (performance.now() - started) / 1000,
    peak: (await memory(pid)).peak,
    bytes: (await stat(exported)).size,
  });

  await importFile('import that export again', exported, ids.length);

  const rows = phases.map(
    (p) =>
      `| ${p.name} | ${(p.bytes / MB).toFixed(0)} MB | ${p.seconds.toFixed(1)} s | ${(p.peak / MB).toFixed(0)} MB | +${((p.peak - idle) / MB).toFixed(0)} MB | ${p.peak - idle <= 150 * MB ? 'yes' : 'no'} |`,
  );
  const section = [
    '<!-- bench:transfer:start -->',
    '## Transfer (`npm run bench:transfer`)',
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}, ${db.label}, photos on disk. A generated archive of ${RECIPES} recipes with ${PHOTOS} photos each (2000 × 1500 JPEGs of ${(photos[0]!.byteLength / MB).toFixed(2)} MB) is imported over HTTP, every recipe exported again, and that export imported once more. The server's peak RSS is its VmHWM, reset before each phase; idle is its RSS after start-up and a few reads: ${(idle / MB).toFixed(0)} MB.`,
    '',
    '| phase | archive | time | server peak RSS | over idle | within idle + 150 MB |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    'An import spends its time rendering each photo (three sizes, one photo at a time); an export streams each stored original into the zip as it is read.',
    '<!-- bench:transfer:end -->',
  ].join('\n');
  console.log(section);
  if (process.env['BENCH_RECORD'] !== '0') {
    const file = join(root, 'docs/performance.md');
    let doc = await readFile(file, 'utf8');
    const pattern = /<!-- bench:transfer:start -->[\s\S]*<!-- bench:transfer:end -->/;
    doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
    await writeFile(file, doc);
    console.log(`recorded in ${file}`);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await db.drop();
  await rm(dir, { recursive: true, force: true });
}
