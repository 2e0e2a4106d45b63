/**
 * One renderer, one process: ingests the given JPEG (all three photo renditions) a few
 * times and prints timings and the process's peak resident memory as one JSON line.
 * Run by scripts/bench-images.ts, so each renderer's peak is measured on its own.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createImageRenderer } from '@larder/adapters-s3-images';
import { PHOTO_BOUNDS, PHOTO_RENDITIONS } from '@larder/domain';

const [prefer, file, runsText] = process.argv.slice(2);
const runs = Number(runsText ?? 3);
const bytes = new Uint8Array(await readFile(file!));
const renderer = createImageRenderer({ prefer: prefer as 'jimp' | 'sharp', concurrency: 1 });
const baselineMb = process.resourceUsage().maxRSS / 1024;

const times: number[] = [];
let sizes: Record<string, number> = {};
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const image = await renderer.render(bytes, { bounds: PHOTO_BOUNDS, renditions: PHOTO_RENDITIONS });
  times.push(performance.now() - started);
  sizes = Object.fromEntries(image.renditions.map((r) => [r.file, r.bytes.byteLength]));
}
await renderer.close();
console.log(
  JSON.stringify({
    renderer: renderer.name,
    firstMs: Math.round(times[0]!),
    warmMs: Math.round(median(times.slice(1).length > 0 ? times.slice(1) : times)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    baselineRssMb: Math.round(baselineMb),
    outputBytes: sizes,
  }),
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
