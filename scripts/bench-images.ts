/**
 * npm run bench:images — ingest time and peak memory of a 12-megapixel JPEG with each
 * renderer (sharp and jimp), each in a child process of its own, recorded in
 * docs/performance.md between the `images` markers.
 *
 * Env: BENCH_IMAGE_RUNS (ingests per renderer, default 3; the first includes start-up).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env['BENCH_IMAGE_RUNS'] ?? 3);

/** A photo-like 4000×3000 JPEG: smooth noise, quality 90, optionally EXIF orientation 6 (portrait phone shot). */
async function twelveMegapixelJpeg(orientation: number): Promise<Buffer> {
  const noisy = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.5)
    .jpeg({ quality: 90 })
    .toBuffer();
  return orientation === 1 ? noisy : sharp(noisy).withExif({ IFD0: { Orientation: String(orientation) } }).jpeg({ quality: 90 }).toBuffer();
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
  const out = execFileSync(process.execPath, [join(root, 'scripts/bench/image-bench-child.ts'), renderer, file, String(RUNS)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Result;
}

const dir = await mkdtemp(join(tmpdir(), 'larder-bench-images-'));
const rows: string[] = [];
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
} finally {
  await rm(dir, { recursive: true, force: true });
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
