import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  // The migrated PGlite snapshot (41 MB) every test file loaded: its folder goes with the run.
  const snapshot = process.env.LARDER_TEST_PGLITE_SNAPSHOT;
  if (snapshot) await rm(dirname(snapshot), { recursive: true, force: true });
  if (globalThis.__larderContainer) {
    await globalThis.__larderContainer.stop();
    return;
  }
  // This run's template on a shared server; clones are dropped by their test files.
  const url = process.env.LARDER_TEST_SERVER_URL;
  const template = process.env.LARDER_TEST_TEMPLATE;
  if (!url || !template) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${template}" with (force)`);
  } finally {
    await admin.end();
  }
}
