import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('..', import.meta.url).pathname;

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * The jimp renderer's worker thread runs the compiled package (`dist/`), which the
 * test runner does not produce: compile it when the sources are newer.
 */
export function ensurePackageBuilt(): void {
  let built = 0;
  try {
    built = statSync(join(here, 'dist/jimp-render-worker.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= newest(join(here, 'src'))) return;
  execFileSync(join(here, '../../node_modules/.bin/tsc'), ['-p', here], { stdio: 'inherit' });
}
