/**
 * Prepares one migrated database for the whole test run, in this order:
 * 1. TEST_DATABASE_URL (CI: the machine's own PostgreSQL) → a migrated template
 *    database that every test file clones;
 * 2. a testcontainers PostgreSQL when a Docker engine answers → the same;
 * 3. otherwise PGlite → a migrated snapshot that every test file loads.
 * Plain JavaScript over the built package (`npm test` builds first), because
 * jest runs its global setup outside its module mapping.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// Build this package first, so a new migration is always part of the run.
const here = new URL('..', import.meta.url).pathname;
execFileSync(join(here, '../../node_modules/.bin/tsc'), ['-b', here], { stdio: 'inherit' });
const { migrateToLatest, openDatabase } = await import('../dist/index.js');

// Databases of this run are named after the jest process, so runs started side by side on one
// server (several developers, or a watch and a full run) leave each other's databases alone.
const PREFIX = `larder_test_${process.pid}_`;
const TEMPLATE = `${PREFIX}template`;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function prepareServer(url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Leftovers of interrupted runs: databases whose jest process has gone.
    const stale = await admin.query("select datname from pg_database where datname like 'larder_test_%'");
    for (const { datname } of stale.rows) {
      const pid = /^larder_test_(\d+)_/.exec(datname)?.[1];
      if (pid !== undefined && alive(Number(pid))) continue;
      // Busy (an autovacuum worker our role may not end): the next run tries again.
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
    await admin.query(`create database ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE}`;
  const database = await openDatabase({ url: templateUrl.toString(), poolSize: 1 });
  await migrateToLatest(database.db);
  await database.close();
  process.env.LARDER_TEST_SERVER_URL = url;
  process.env.LARDER_TEST_TEMPLATE = TEMPLATE;
  process.env.LARDER_TEST_PREFIX = PREFIX;
}

async function tryContainer() {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    globalThis.__larderContainer = container;
    return container.getConnectionUri();
  } catch {
    return null; // No Docker engine answers here: fall back to PGlite.
  }
}

/**
 * The PGlite snapshot's folder is named after the jest process, like the databases on a server;
 * the global teardown removes it, and the folders of interrupted runs (their process gone) go here.
 */
const SNAPSHOT_FOLDER = /^larder-test-(\d+)-/;

async function removeStaleSnapshots() {
  for (const name of await readdir(tmpdir())) {
    const pid = SNAPSHOT_FOLDER.exec(name)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true }).catch(() => undefined);
  }
}

async function preparePglite() {
  await removeStaleSnapshots();
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await migrateToLatest(database.db);
  const dump = await pglite.dumpDataDir('none');
  const dir = await mkdtemp(join(tmpdir(), `larder-test-${process.pid}-`));
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.LARDER_TEST_PGLITE_SNAPSHOT = file;
}

export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await prepareServer(url);
    process.env.LARDER_TEST_DRIVER = 'pg';
  } else if (
    process.env.LARDER_TEST_CONTAINERS !== '0' &&
    (await tryContainer().then((u) => (u ? prepareServer(u).then(() => true) : false)))
  ) {
    process.env.LARDER_TEST_DRIVER = 'pg (testcontainers)';
  } else {
    await preparePglite();
    process.env.LARDER_TEST_DRIVER = 'pglite';
  }
  console.log(`\nrepository tests run on: ${process.env.LARDER_TEST_DRIVER}`);
}
