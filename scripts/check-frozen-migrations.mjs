#!/usr/bin/env node
/**
 * Migrations are frozen in time: once a migration is on main, its file never changes (a database
 * that ran it would never run the change). `packages/adapters-postgres/src/migrations/frozen.json`
 * holds the SHA-256 of every migration file; this check fails when a frozen file changed or went
 * missing, or when a migration file is not in the list yet.
 *
 *   node scripts/check-frozen-migrations.mjs           check (npm run lint)
 *   node scripts/check-frozen-migrations.mjs --freeze  add new migration files to the list
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir =
  process.env['LARDER_MIGRATIONS_DIR'] ??
  new URL('../packages/adapters-postgres/src/migrations/', import.meta.url).pathname;
const listFile = join(dir, 'frozen.json');
const files = readdirSync(dir)
  .filter((name) => /^\d{8}T\d{4}_[a-z0-9_]+\.ts$/.test(name))
  .sort();
const frozen = JSON.parse(readFileSync(listFile, 'utf8'));
const hashOf = (name) =>
  createHash('sha256')
    .update(readFileSync(join(dir, name)))
    .digest('hex');

if (process.argv.includes('--freeze')) {
  for (const name of files) frozen[name] ??= hashOf(name);
  writeFileSync(listFile, `${JSON.stringify(frozen, null, 2)}\n`);
  console.log(`frozen: ${Object.keys(frozen).length} migrations`);
  process.exit(0);
}

const problems = [];
for (const [name, hash] of Object.entries(frozen)) {
  if (!files.includes(name)) problems.push(`${name} is frozen but missing`);
  else if (hashOf(name) !== hash)
    problems.push(`${name} changed after it was frozen: write a new migration instead`);
}
for (const name of files) {
  if (!(name in frozen))
    problems.push(`${name} is not frozen yet: node scripts/check-frozen-migrations.mjs --freeze`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`check-frozen-migrations: ${problem}`);
  process.exit(1);
}
console.log(`check-frozen-migrations: ${files.length} migrations, none changed`);
