/**
 * npm run bench:recipes — seeds 1,000 realistic recipes into PostgreSQL and into
 * PGlite, loads the running server with autocannon and records requests/s and
 * p50/p99 latency in docs/performance.md, next to a bare express route answering
 * the same recipe JSON from memory (the ceiling).
 *
 * Env: BENCH_DATABASE_URL (admin URL of a PostgreSQL server; default
 * postgres://larder:larder@127.0.0.1:5432/larder), BENCH_DRIVERS (postgres,pglite),
 * BENCH_SECONDS (10 per run), BENCH_RECIPES (1000).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateRecipe, seededRandom } from './bench/recipe-generator.ts';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const RECIPES = Number(process.env['BENCH_RECIPES'] ?? 1000);
// `postgres-nocache` is PostgreSQL with the read cache off (SERVICE_READ_CACHE=off): every read hits the database.
const DRIVERS = (process.env['BENCH_DRIVERS'] ?? 'postgres,postgres-nocache,pglite')
  .split(',')
  .map((d) => d.trim());
const TARGET: Record<string, string> = {
  postgres: 'Larder on PostgreSQL',
  'postgres-nocache': 'Larder on PostgreSQL, read cache off',
  pglite: 'Larder on PGlite',
};
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://larder:larder@127.0.0.1:5432/larder';
const PASSWORD = 'bench-password-1';

interface Measurement {
  target: string;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server process on a free port and resolves once `/healthz` (or `/recipe`) answers. */
async function startChild(
  args: string[],
  env: Record<string, string>,
  probePath: string,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, SERVICE_ADDR: `127.0.0.1:${port}`, BARE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${errors.slice(-2000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${probePath}`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 60 s: ${errors.slice(-2000)}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function load(url: string, connections: number, headers: Record<string, string>, paths: string[]) {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    headers,
    requests: [
      { setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length] }) },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function withDatabase<T>(
  driver: string,
  work: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'larder-bench-'));
  if (driver === 'pglite') {
    try {
      return await work({ SERVICE_DATA_DIR: dataDir });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const name = `larder_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await work({
      SERVICE_DATA_DIR: dataDir,
      SERVICE_DATABASE_URL: url.toString(),
      SERVICE_READ_CACHE: driver === 'postgres-nocache' ? 'off' : 'on',
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function seed(base: string, cookie: string): Promise<string[]> {
  const rnd = seededRandom(42);
  const recipes = Array.from({ length: RECIPES }, (_, i) => generateRecipe(rnd, i));
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < recipes.length) {
      const recipe = recipes[next++];
      const res = await fetch(`${base}/api/v1/recipes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(recipe),
      });
      if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

async function benchService(driver: string): Promise<{ rows: Measurement[]; sample: string }> {
  return withDatabase(driver, async (env) => {
    const { child, port } = await startChild(
      [join(root, 'packages/http-express/dist/main.js')],
      {
        ...env,
        SERVICE_ADMIN_USER: 'bench',
        SERVICE_ADMIN_PASSWORD: PASSWORD,
        SERVICE_LOG_LEVEL: 'warn',
      },
      '/healthz',
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const started = Date.now();
      const ids = await seed(base, cookie);
      console.log(
        `${driver}: seeded ${ids.length} recipes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      const sample = await (await fetch(`${base}/api/v1/recipes/${ids[0]}`, { headers: { cookie } })).text();
      const words = ['garlic', 'soup', 'roast', 'lemon', 'vegetarian', 'simmer', 'chick', 'bread'];
      const scenarios: Record<string, string[]> = {
        'GET /api/v1/recipes/{id}': ids.slice(0, 200).map((id) => `/api/v1/recipes/${id}`),
        'search q=…': words.map((w) => `/api/v1/recipes?q=${encodeURIComponent(w)}&limit=24`),
        'page of 24 cards': Array.from({ length: 40 }, (_, p) => `/api/v1/recipes?limit=24&page=${p + 1}`),
      };
      const rows: Measurement[] = [];
      for (const [scenario, paths] of Object.entries(scenarios)) {
        await load(base, 4, { cookie }, paths); // warm-up
        for (const connections of [1, 32]) {
          const m = await load(base, connections, { cookie }, paths);
          rows.push({
            target: TARGET[driver] ?? driver,
            scenario,
            connections,
            ...m,
          });
          console.log(JSON.stringify(rows[rows.length - 1]));
        }
      }
      return { rows, sample };
    } finally {
      await stopChild(child);
    }
  });
}

async function benchBare(sample: string): Promise<Measurement[]> {
  const { child, port } = await startChild(
    [join(root, 'scripts/bench/bare-server.ts')],
    { BARE_BODY: sample },
    '/recipe',
  );
  try {
    const rows: Measurement[] = [];
    await load(`http://127.0.0.1:${port}`, 4, {}, ['/recipe']);
    for (const connections of [1, 32]) {
      const m = await load(`http://127.0.0.1:${port}`, connections, {}, ['/recipe']);
      rows.push({
        target: 'bare express (ceiling)',
        scenario: 'same recipe JSON from memory',
        connections,
        ...m,
      });
      console.log(JSON.stringify(rows[rows.length - 1]));
    }
    return rows;
  } finally {
    await stopChild(child);
  }
}

function table(rows: Measurement[]): string {
  const lines = [
    '| target | scenario | connections | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.target} | ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    );
  return lines.join('\n');
}

async function record(rows: Measurement[]): Promise<void> {
  const file = join(root, 'docs/performance.md');
  let doc = '';
  try {
    doc = await readFile(file, 'utf8');
  } catch {
    doc =
      '# Performance\n\nMeasured on the development machine (2 cores, 24 GiB). Each section names the command that produced it.\n';
  }
  const bare = rows.find((r) => r.target.startsWith('bare') && r.connections === 32);
  const checks: string[] = [];
  for (const target of Object.values(TARGET)) {
    const mine = rows.filter((r) => r.target === target && r.connections === 32);
    if (!mine.length) continue;
    const worst = Math.max(...mine.map((r) => r.p99));
    const single = mine.find((r) => r.scenario.startsWith('GET /api/v1/recipes/{id}'));
    const share = single && bare ? Math.round((single.rps / bare.rps) * 100) : NaN;
    checks.push(
      `- ${target}: worst p99 at 32 connections ${worst} ms (target ≤ 25 ms${target === TARGET['postgres'] ? '' : ', stated for PostgreSQL with its defaults only'}); single-recipe read at ${share} % of the bare route's throughput (target ≥ 40 %).`,
    );
  }
  const section = [
    '<!-- bench:recipes:start -->',
    '## Recipes API (`npm run bench:recipes`)',
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, Node ${process.version}: ${RECIPES} generated recipes (10–20 ingredients, 5–10 steps with times, 3–6 tags), ${SECONDS} s per row, signed in with a session cookie; the server and autocannon share the machine.`,
    '',
    table(rows),
    '',
    ...checks,
    '<!-- bench:recipes:end -->',
  ].join('\n');
  const pattern = /<!-- bench:recipes:start -->[\s\S]*<!-- bench:recipes:end -->/;
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
  await writeFile(file, doc);
  console.log(`recorded in ${file}`);
}

const rows: Measurement[] = [];
let sample = '{}';
for (const driver of DRIVERS) {
  const result = await benchService(driver);
  rows.push(...result.rows);
  sample = result.sample;
}
rows.push(...(await benchBare(sample)));
await record(rows);
