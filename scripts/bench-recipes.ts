/**
 * npm run bench:recipes — what a household does to the recipes API, measured against a bare
 * express route answering the same recipe JSON from memory (the ceiling), in one run on one
 * machine, on PostgreSQL at 32 connections (autocannon):
 *
 * - reads of one recipe over 500 ids, with an API token and with a session cookie;
 * - a search (`?q=`) and a page of 24 cards;
 * - a mixed load: 90 % reads, 10 % PUTs of a whole recipe (every other one changing its title);
 * - the same reads with the read cache off (SERVICE_READ_CACHE=off);
 * - creates, 8 at a time;
 * - search, pages and creates again at 10,000 recipes, the cache off (after `VACUUM (ANALYZE)`,
 *   the steady state autovacuum reaches within a minute or two of a large import).
 *
 * Next to requests per second it records the CPU each request cost, the server's and
 * PostgreSQL's (this machine is noisy: CPU per request moves less than throughput). Results go to
 * docs/performance.md between the bench:recipes markers.
 *
 * Env: BENCH_DATABASE_URL (admin URL of a PostgreSQL server; default
 * postgres://larder:larder@127.0.0.1:5432/larder), BENCH_SECONDS (10 per row), BENCH_RECIPES
 * (2000, then 10,000 in all).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateRecipe, seededRandom } from './bench/recipe-generator.ts';
import { freePort } from './bench/free-port.ts';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const FIRST = Number(process.env['BENCH_RECIPES'] ?? 2000);
const LARGE = Number(process.env['BENCH_LARGE'] ?? 10_000);
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://larder:larder@127.0.0.1:5432/larder';
const PASSWORD = 'bench-password-1';
const CONNECTIONS = 32;
const TICK_MS = 10; // USER_HZ on Linux: /proc times are in hundredths of a second

interface Row {
  scenario: string;
  recipes: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: the server process, and PostgreSQL's processes. */
  serverCpu: number;
  databaseCpu: number;
  share?: number;
}

async function startChild(script: string, env: Record<string, string>, probe: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      // As `npm start` and the container image run it: a young generation of 8 MB semi-spaces.
      NODE_OPTIONS: '--max-semi-space-size=8',
      ...env,
      SERVICE_ADDR: `127.0.0.1:${port}`,
      BARE_PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${errors.slice(-2000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${probe}`)).ok)
        return { child, base: `http://127.0.0.1:${port}` };
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

/** CPU ticks (user + system) a process has used. */
async function ticksOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks of every PostgreSQL process on this machine by pid (its backends serve the benchmark).
 * A row counts what the processes alive at its end spent since its start: a process that ended
 * meanwhile (an autovacuum worker) is left out rather than subtracted.
 */
async function postgresTicks(): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const comm = (await readFile(`/proc/${name}/comm`, 'utf8')).trim();
      if (comm.startsWith('postgres')) ticks.set(Number(name), await ticksOf(Number(name)));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

function spentSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, now] of after) total += now - (before.get(pid) ?? 0);
  return total;
}

type Request = { method?: string; path: string; body?: string; headers?: Record<string, string> };

async function load(
  base: string,
  pid: number,
  connections: number,
  headers: Record<string, string>,
  next: () => Request,
  seconds = SECONDS,
) {
  const [server0, db0] = [await ticksOf(pid), await postgresTicks()];
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const request = next();
          // The connection's headers (the cookie or token) stay; a request adds its own.
          return { ...req, ...request, headers: { ...(req['headers'] as object), ...request.headers } };
        },
      },
    ],
  });
  const [server1, db1] = [await ticksOf(pid), await postgresTicks()];
  const requests = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverCpu: ((server1 - server0) * TICK_MS) / requests,
    databaseCpu: (spentSince(db0, db1) * TICK_MS) / requests,
  };
}

const cycle = (paths: string[]) => {
  let i = 0;
  return () => ({ path: paths[i++ % paths.length]! });
};

async function signIn(base: string): Promise<{ cookie: string; token: string }> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await fetch(`${base}/api/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ name: 'bench', scopes: ['recipes:read', 'recipes:write'] }),
  });
  const token = ((await created.json()) as { token: string }).token;
  return { cookie, token };
}

async function seed(base: string, cookie: string, from: number, to: number): Promise<string[]> {
  const rnd = seededRandom(42 + from);
  const ids: string[] = [];
  let next = from;
  const worker = async () => {
    while (next < to) {
      const recipe = generateRecipe(rnd, next++);
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

const WORDS = [
  'garlic',
  'soup',
  'roast',
  'lemon',
  'vegetarian',
  'simmer',
  'chick',
  'bread',
  'tomato basil',
  'oven',
];
const searches = WORDS.map((w) => `/api/v1/recipes?q=${encodeURIComponent(w)}&limit=24`);
const pages = Array.from({ length: 40 }, (_, p) => `/api/v1/recipes?limit=24&page=${p + 1}`);

const rows: Row[] = [];
function report(scenario: string, recipes: number, m: Omit<Row, 'scenario' | 'recipes'>): void {
  rows.push({ scenario, recipes, ...m });
  console.log(JSON.stringify(rows[rows.length - 1]));
}

/** Every PUT sends a whole recipe back; every other one changes its title (and so its slug). */
async function writer(base: string, cookie: string, ids: string[]): Promise<() => Request> {
  const bodies: Array<{ id: string; body: Record<string, unknown> }> = [];
  for (const id of ids.slice(0, 50)) {
    const recipe = (await (
      await fetch(`${base}/api/v1/recipes/${id}`, { headers: { cookie } })
    ).json()) as Record<string, unknown>;
    const {
      title,
      description,
      servings,
      prepMinutes,
      cookMinutes,
      sourceUrl,
      tags,
      ingredientGroups,
      steps,
    } = recipe;
    bodies.push({
      id,
      body: {
        title,
        description,
        servings,
        prepMinutes,
        cookMinutes,
        sourceUrl,
        tags,
        ingredientGroups,
        steps,
      },
    });
  }
  let n = 0;
  return () => {
    const { id, body } = bodies[n % bodies.length]!;
    n++;
    const title = n % 2 === 0 ? `${String(body['title'])} (${n})` : String(body['title']);
    return {
      method: 'PUT',
      path: `/api/v1/recipes/${id}`,
      body: JSON.stringify({ ...body, title }),
      headers: { 'content-type': 'application/json' },
    };
  };
}

function creator(from: number): () => Request {
  const rnd = seededRandom(7);
  let n = from;
  return () => ({
    method: 'POST',
    path: '/api/v1/recipes',
    body: JSON.stringify(generateRecipe(rnd, n++)),
    headers: { 'content-type': 'application/json' },
  });
}

/** Deletes the recipes created since `since` (the read cache is off: nothing in memory goes stale). */
async function removeCreatedSince(url: string, since: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('delete from recipes where created_at >= $1', [since]);
  } finally {
    await client.end();
  }
}

/** `VACUUM (ANALYZE)` of the whole benchmark database, as autovacuum does after a large write. */
async function vacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/**
 * Drops the benchmark's database once its last connections are gone. A plain `drop database`
 * stops an autovacuum worker still busy there itself (`with (force)` would need the right to
 * signal the superuser's processes, which the benchmark's role lacks); other connections of its
 * own may take a moment to close.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function withDatabase<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'larder-bench-'));
  const name = `larder_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await work({ SERVICE_DATA_DIR: dataDir, SERVICE_DATABASE_URL: url.toString() });
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function service(env: Record<string, string>, cache: boolean) {
  return startChild(
    join(root, 'packages/http-express/dist/main.js'),
    {
      ...env,
      SERVICE_ADMIN_USER: 'bench',
      SERVICE_ADMIN_PASSWORD: PASSWORD,
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_READ_CACHE: cache ? 'on' : 'off',
    },
    '/healthz',
  );
}

let sample = '{}';
await withDatabase(async (env) => {
  // --- the read cache on, FIRST recipes ---
  let { child, base } = await service(env, true);
  let ids: string[] = [];
  try {
    let { cookie, token } = await signIn(base);
    const started = Date.now();
    ids = await seed(base, cookie, 0, FIRST);
    console.log(`seeded ${ids.length} recipes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    sample = await (await fetch(`${base}/api/v1/recipes/${ids[0]}`, { headers: { cookie } })).text();
    const reads = ids.slice(0, 500).map((id) => `/api/v1/recipes/${id}`);
    const pid = child.pid!;
    const run = async (scenario: string, headers: Record<string, string>, next: () => Request) => {
      await load(base, pid, 4, headers, next, 2); // warm-up
      report(scenario, FIRST, await load(base, pid, CONNECTIONS, headers, next));
    };
    await run('GET one recipe (500 ids), API token', { authorization: `Bearer ${token}` }, cycle(reads));
    await run('GET one recipe (500 ids), session cookie', { cookie }, cycle(reads));
    await run('search ?q=, 24 cards', { cookie }, cycle(searches));
    await run('page of 24 cards', { cookie }, cycle(pages));
    const put = await writer(base, cookie, ids);
    const read = cycle(reads);
    let n = 0;
    await run('90 % reads, 10 % PUT of a recipe', { cookie }, () => (++n % 10 === 0 ? put() : read()));

    // --- the read cache off ---
    await stopChild(child);
    ({ child, base } = await service(env, false));
    ({ cookie, token } = await signIn(base));
    const pidOff = child.pid!;
    const runOff = async (
      scenario: string,
      recipes: number,
      headers: Record<string, string>,
      next: () => Request,
    ) => {
      await load(base, pidOff, 4, headers, next, 2);
      report(scenario, recipes, await load(base, pidOff, CONNECTIONS, headers, next));
    };
    await runOff(
      'GET one recipe (500 ids), API token, cache off',
      FIRST,
      { authorization: `Bearer ${token}` },
      cycle(reads),
    );
    await runOff('GET one recipe (500 ids), session cookie, cache off', FIRST, { cookie }, cycle(reads));
    const putOff = await writer(base, cookie, ids);
    let m = 0;
    await runOff('90 % reads, 10 % PUT, cache off', FIRST, { cookie }, () =>
      ++m % 10 === 0 ? putOff() : read(),
    );
    const creating = new Date();
    report(
      'create a recipe, 8 at a time',
      FIRST,
      await load(base, pidOff, 8, { cookie }, creator(1_000_000)),
    );
    // The creates above wrote thousands of recipes of their own (as many as they managed in the
    // time): they go again, so that the rows below measure LARGE recipes, no more.
    await removeCreatedSince(env['SERVICE_DATABASE_URL']!, creating);

    // --- LARGE recipes, the cache off ---
    const listed = await fetch(`${base}/api/v1/recipes?limit=1`, { headers: { cookie } });
    const present = ((await listed.json()) as { total: number }).total;
    const more = Date.now();
    await seed(base, cookie, present, LARGE);
    console.log(`seeded to ${LARGE} recipes in ${((Date.now() - more) / 1000).toFixed(1)} s`);
    // A household with 10,000 recipes wrote them over years, and autovacuum kept up; 8,000 written
    // in seconds leave index pages not yet marked visible for a minute or so (index-only scans then
    // read the table too). Measure the steady state: what autovacuum would have done by then.
    await vacuum(env['SERVICE_DATABASE_URL']!);
    await runOff(`search ?q=, 24 cards, cache off`, LARGE, { cookie }, cycle(searches));
    await runOff(`page of 24 cards, cache off`, LARGE, { cookie }, cycle(pages));
    report(
      'create a recipe, 8 at a time',
      LARGE,
      await load(base, pidOff, 8, { cookie }, creator(2_000_000)),
    );
  } finally {
    await stopChild(child);
  }
});

// --- the ceiling ---
const bare = await startChild(join(root, 'scripts/bench/bare-server.ts'), { BARE_BODY: sample }, '/recipe');
let ceiling: Row;
try {
  const next = cycle(['/recipe']);
  await load(bare.base, bare.child.pid!, 4, {}, next, 2);
  ceiling = {
    scenario: 'bare express: the same recipe JSON from memory',
    recipes: 0,
    ...(await load(bare.base, bare.child.pid!, CONNECTIONS, {}, next)),
  };
  console.log(JSON.stringify(ceiling));
} finally {
  await stopChild(bare.child);
}

// --- the record ---
const share = (row: Row) => row.rps / ceiling.rps;
const find = (scenario: string, recipes?: number) =>
  rows.find((r) => r.scenario === scenario && (recipes === undefined || r.recipes === recipes))!;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const goals: Array<[string, string, boolean]> = [];
for (const scenario of ['GET one recipe (500 ids), API token', 'GET one recipe (500 ids), session cookie']) {
  const r = find(scenario);
  goals.push([`${scenario} ≥ 50 % of the bare route`, pct(share(r)), share(r) >= 0.5]);
}
for (const scenario of [
  'GET one recipe (500 ids), API token, cache off',
  'GET one recipe (500 ids), session cookie, cache off',
]) {
  const r = find(scenario);
  goals.push([`${scenario} ≥ 25 %`, pct(share(r)), share(r) >= 0.25]);
}
const mixed = find('90 % reads, 10 % PUT of a recipe');
goals.push(['mixed load ≥ 30 % of the bare route', pct(share(mixed)), share(mixed) >= 0.3]);
goals.push(['mixed load p99 ≤ 25 ms', `${mixed.p99} ms`, mixed.p99 <= 25]);
for (const scenario of ['search ?q=, 24 cards, cache off', 'page of 24 cards, cache off']) {
  const r = find(scenario, LARGE);
  goals.push([`${scenario} at ${LARGE} recipes, p99 ≤ 50 ms`, `${r.p99} ms`, r.p99 <= 50]);
}
const creates = find('create a recipe, 8 at a time', LARGE);
goals.push([
  `8 parallel creates at ${LARGE} recipes, median ≤ 15 ms`,
  `${creates.p50} ms`,
  creates.p50 <= 15,
]);

const section = [
  '<!-- bench:recipes:start -->',
  '## Recipes API (`npm run bench:recipes`)',
  '',
  `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}, PostgreSQL on the same machine, autocannon at ${CONNECTIONS} connections (creates: 8) for ${SECONDS} s per row, all in one run; the server, PostgreSQL and autocannon share the two cores. Generated recipes: 10–20 ingredients in two groups, 5–10 steps with times, 3–6 tags. The rows at ${LARGE} recipes hold exactly that many (the recipes the creates at ${FIRST} wrote are deleted first) and are measured after \`VACUUM (ANALYZE)\` (what autovacuum does within a minute or two of seeding 8,000 recipes in seconds). "CPU per request" is the CPU time the server process, and all PostgreSQL processes, spent during the row divided by its requests.`,
  '',
  '| scenario | recipes | req/s | share of bare | p50 ms | p99 ms | errors | server CPU ms/req | PostgreSQL CPU ms/req |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.scenario} | ${r.recipes} | ${r.rps} | ${pct(share(r))} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.serverCpu.toFixed(2)} | ${r.databaseCpu.toFixed(2)} |`,
  ),
  `| ${ceiling.scenario} | – | ${ceiling.rps} | 100 % | ${ceiling.p50} | ${ceiling.p99} | ${ceiling.errors} | ${ceiling.serverCpu.toFixed(2)} | – |`,
  '',
  '| goal | measured | met |',
  '|---|---:|---|',
  ...goals.map(([goal, measured, met]) => `| ${goal} | ${measured} | ${met ? 'yes' : 'no'} |`),
  '<!-- bench:recipes:end -->',
].join('\n');
console.log(section);
if (process.env['BENCH_RECORD'] !== '0') {
  const file = join(root, 'docs/performance.md');
  let doc = await readFile(file, 'utf8');
  const pattern = /<!-- bench:recipes:start -->[\s\S]*<!-- bench:recipes:end -->/;
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
  await writeFile(file, doc);
  console.log(`recorded in ${file}`);
}
