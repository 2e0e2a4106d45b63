/**
 * npm run bench:images — ingest time and peak memory of a 12-megapixel JPEG with each
 * renderer (sharp and jimp), each in a child process of its own, recorded in
 * docs/performance.md between the `images` markers.
 *
 * Then, per renderer, the real server in a child process: p50/p99 of GET /api/v1/recipes/{id}
 * (autocannon, 10 connections) alone, and again while four clients keep uploading that JPEG.
 *
 * Env: BENCH_IMAGE_RUNS (ingests per renderer, default 3; the first includes start-up),
 * BENCH_SECONDS (length of each latency run, default 15).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env['BENCH_IMAGE_RUNS'] ?? 3);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 15);
const PASSWORD = 'bench-password-1';

/** A photo-like 4000×3000 JPEG: smooth noise, quality 90, optionally EXIF orientation 6 (portrait phone shot). */
async function twelveMegapixelJpeg(orientation: number): Promise<Buffer> {
  const noisy = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 90 })
    .toBuffer();
  return orientation === 1
    ? noisy
    : sharp(noisy)
        .withExif({ IFD0: { Orientation: String(orientation) } })
        .jpeg({ quality: 90 })
        .toBuffer();
}

interface Result {
  renderer: string;
  firstMs: number;
  warmMs: number;
  peakRssMb: number;
  baselineRssMb: number;
  outputBytes: Record<string, number>;
}

function runChild(renderer: string, file: string): Result {
  const out = execFileSync(
    process.execPath,
    [join(root, 'scripts/bench/image-bench-child.ts'), renderer, file, String(RUNS)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Result;
}

const dir = await mkdtemp(join(tmpdir(), 'larder-bench-images-'));
const rows: string[] = [];
const latencyRows: string[] = [];
try {
  for (const orientation of [1, 6]) {
    const jpeg = await twelveMegapixelJpeg(orientation);
    const file = join(dir, `photo-${orientation}.jpg`);
    await writeFile(file, jpeg);
    for (const renderer of ['sharp', 'jimp']) {
      const r = runChild(renderer, file);
      console.log(`orientation ${orientation}`, r);
      rows.push(
        `| ${r.renderer} | 4000×3000, ${(jpeg.length / 1e6).toFixed(1)} MB, orientation ${orientation} | ${r.firstMs} | ${r.warmMs} | ${r.peakRssMb} (${r.baselineRssMb} before) | ${kb(r.outputBytes['thumb.jpg'])} / ${kb(r.outputBytes['detail.jpg'])} / ${kb(r.outputBytes['original.jpg'])} |`,
      );
    }
  }
  const portrait = await readFile(join(dir, 'photo-6.jpg'));
  for (const renderer of ['sharp', 'jimp'])
    latencyRows.push(await latencyWhileUploading(renderer, portrait, dir));
} finally {
  await rm(dir, { recursive: true, force: true });
}

interface Latency {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(base: string, cookie: string, recipeId: string): Promise<Latency> {
  const result = await autocannon({
    url: `${base}/api/v1/recipes/${recipeId}`,
    headers: { cookie },
    connections: 10,
    duration: SECONDS,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

function startServer(renderer: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'packages/http-express/dist/main.js')], {
      env: {
        ...process.env,
        SERVICE_ADDR: '127.0.0.1:0',
        SERVICE_DATA_DIR: dataDir,
        SERVICE_ADMIN_PASSWORD: PASSWORD,
        SERVICE_IMAGE_RENDERER: renderer,
        SERVICE_LOG_LEVEL: 'info', // the start-up line names the port
        SERVICE_DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let listening = false;
    const onData = (chunk: Buffer) => {
      if (listening) return; // request logs after start-up are drained, not kept
      output += chunk.toString();
      const m = /"port":(\d+)/.exec(output);
      if (m) {
        listening = true;
        resolve({ child, base: `http://127.0.0.1:${m[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output.slice(-2000)}`)));
  });
}

async function latencyWhileUploading(renderer: string, jpeg: Buffer, dir: string): Promise<string> {
  const dataDir = join(dir, `server-${renderer}`);
  const { child, base } = await startServer(renderer, dataDir);
  try {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const newRecipe = async (title: string) => {
      const res = await fetch(`${base}/api/v1/recipes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          title,
          description: 'A loaf for the benchmark.',
          servings: 2,
          prepMinutes: 20,
          cookMinutes: 45,
          sourceUrl: null,
          tags: ['bread'],
          ingredientGroups: [
            { name: null, ingredients: [{ quantity: 500, unit: 'g', name: 'flour', note: null }] },
          ],
          steps: [{ text: 'Knead the flour, let it rise, bake for 45 minutes.' }],
        }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const readId = await newRecipe('Read me');
    const baseline = await measure(base, cookie, readId);

    // Four clients upload the 12 MP JPEG over and over (each deletes its photo again, so no
    // recipe reaches the photo limit) while the same reads are measured.
    let uploading = true;
    const uploadTimes: number[] = [];
    const clients = [1, 2, 3, 4].map(async (n) => {
      const recipeId = await newRecipe(`Upload ${n}`);
      while (uploading) {
        const form = new FormData();
        form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
        const started = performance.now();
        const res = await fetch(`${base}/api/v1/recipes/${recipeId}/images`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        const body = (await res.json()) as { id?: string };
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
        uploadTimes.push(performance.now() - started);
        await fetch(`${base}/api/v1/recipes/${recipeId}/images/${body.id}`, {
          method: 'DELETE',
          headers: { cookie },
        });
      }
    });
    await new Promise((r) => setTimeout(r, 500)); // let the uploads get going
    const loaded = await measure(base, cookie, readId);
    uploading = false;
    await Promise.all(clients);
    const meanUpload = uploadTimes.reduce((a, b) => a + b, 0) / Math.max(1, uploadTimes.length);
    console.log(renderer, { baseline, loaded, uploads: uploadTimes.length, meanUpload });
    return `| ${renderer} | ${baseline.p50} / ${baseline.p99} | ${loaded.p50} / ${loaded.p99} | ${baseline.rps} → ${loaded.rps} | ${uploadTimes.length} | ${Math.round(meanUpload)} | ${baseline.errors + loaded.errors} |`;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

function kb(n: number | undefined): string {
  return n === undefined ? '–' : `${Math.round(n / 1024)} KB`;
}

const section = `<!-- images:start -->
## Photo ingest (\`npm run bench:images\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}.
One 12-megapixel JPEG rendered into all three photo renditions (thumb 480 px, detail 1600 px,
original ≤ 4096 px long edge), ${RUNS} times per renderer, each renderer in a child process of its
own so its peak resident memory (\`maxRSS\`, whole process incl. worker threads) is its alone.
"First" includes loading the library and starting the worker thread; "warm" is the median of
the later runs.

| renderer | input | first ingest (ms) | warm ingest (ms) | peak RSS (MB) | output thumb / detail / original |
|---|---|---|---|---|---|
${rows.join('\n')}

With the default pool of 2, at most two such decodes run at once, so the jimp fallback needs
roughly twice its peak above the server's baseline; sharp needs far less.

### Reading recipes while photos are uploaded

The server in a child process (PGlite, photos on disk, \`SERVICE_IMAGE_WORKERS=2\`); autocannon
reads one recipe (\`GET /api/v1/recipes/{id}\`, 10 connections, ${SECONDS} s) first alone, then
while four clients keep uploading the 12-megapixel portrait JPEG above (each upload followed
by deleting the photo). Latencies in ms.

| renderer | alone p50 / p99 | during uploads p50 / p99 | reads/s | uploads done | mean upload (ms) | errors |
|---|---|---|---|---|---|---|
${latencyRows.join('\n')}

Decoding runs on libvips' threads (sharp) or in worker threads (jimp), never on the event
loop, so reads keep being answered while uploads are decoded; what remains is competition for
the machine's ${cpus().length} CPU cores. On a two-core host jimp's two workers take both cores and
reads slow down with them: install sharp there, or set \`SERVICE_IMAGE_WORKERS=1\` to keep a core
for requests. (The benchmark machine is shared with other work, so single numbers vary by
tens of percent between runs.)
<!-- images:end -->`;

const docPath = join(root, 'docs/performance.md');
let doc = '';
try {
  doc = await readFile(docPath, 'utf8');
} catch {
  doc = '# Performance\n';
}
const pattern = /<!-- images:start -->[\s\S]*?<!-- images:end -->/;
doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
await writeFile(docPath, doc);
console.log(`recorded in ${docPath}`);
