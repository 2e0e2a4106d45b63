// Fails when package-lock.json lacks a platform package that some locked package lists as an
// optional dependency. `npm ci` refuses such a lock ("Missing: @swc/core-darwin-arm64 … from lock
// file") on every machine, and it happens when the registry serves a parent version whose
// platform builds it does not (yet) carry: pin the parent to a version whose builds all exist.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(
  readFileSync(process.argv[2] ?? new URL('../package-lock.json', import.meta.url), 'utf8'),
);
const locked = new Set(Object.keys(lock.packages).map((path) => path.replace(/^.*node_modules\//, '')));
const missing = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
    if (!locked.has(dependency)) missing.push(`${path || '(root)'}@${entry.version}: ${dependency}`);
  }
}
if (missing.length > 0) {
  console.error('package-lock.json lacks optional platform packages (npm ci would fail):');
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log('package-lock.json holds every optional platform package');
