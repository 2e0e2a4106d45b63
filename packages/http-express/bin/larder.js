#!/usr/bin/env node
// The `larder` admin command (docs/operations.md). The code is TypeScript built into dist/ by
// `npm run build` (`npm start` and `npm test` build it too).
import { access } from 'node:fs/promises';

const entry = new URL('../dist/cli/main.js', import.meta.url);
try {
  await access(entry);
} catch {
  process.stderr.write('larder: not built yet; run `npm run build` in the checkout first\n');
  process.exit(1);
}
await import(entry.href);
