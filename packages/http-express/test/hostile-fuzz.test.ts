/**
 * Every operation of `openapi.json`, sent a bounded set of hostile variants (wrong types, NUL,
 * lone surrogates, huge strings, deep nesting, truncated multipart, forged credentials) as the
 * owner, a member and an API token. Whatever comes: never a 5xx, every error a problem+json (or
 * the HTML of a page), and a refused request changes nothing stored.
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import request from 'supertest';
import { type Member, type TestApp } from '../test-support/test-app.js';
import { startPhotoApp, storedKeys } from './photo-helpers.js';
import { createRecipe } from './share-helpers.js';

interface Operation {
  method: string;
  template: string;
  parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  body: { type: string; schema: Record<string, unknown> } | null;
  responseTypes: string[];
}

let t: TestApp;
let server: Server;
let base: string;
let member: Member;
let ownerToken: string;
let memberReadToken: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await startPhotoApp();
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  member = await t.member('user', 'fuzzed');
  ownerToken = await t.token(t.owner, [
    'recipes:read',
    'recipes:write',
    'recipes:delete',
    'users:read',
    'users:write',
  ]);
  memberReadToken = await t.token(member, ['recipes:read']);
  const recipe = await createRecipe(t, t.owner);
  ids = {
    id: recipe.id,
    recipeId: recipe.id,
    slug: recipe.slug,
    imageId: 'no-such-photo',
    commentId: '1',
    token: 'A'.repeat(43),
    userId: member.id,
    file: 'thumb.jpg',
  };
}, 60_000);

afterAll(async () => {
  server.close();
  await t.close();
});

async function operations(): Promise<Operation[]> {
  const openapi = (await request(t.app).get('/api/v1/openapi.json')).body as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const resolve = (schema: Record<string, unknown>) => {
    const ref = schema['$ref'];
    return typeof ref === 'string' ? (openapi.components.schemas[ref.split('/').pop() ?? ''] ?? {}) : schema;
  };
  const out: Operation[] = [];
  for (const [template, methods] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op['requestBody'] as { content?: Record<string, { schema: Record<string, unknown> }> })
        ?.content;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      const responses = Object.values(
        op['responses'] as Record<string, { content?: Record<string, unknown> }>,
      );
      out.push({
        method: method.toUpperCase(),
        template,
        parameters: (op['parameters'] as Operation['parameters']) ?? [],
        body: type && media ? { type, schema: resolve(media.schema) } : null,
        responseTypes: responses.flatMap((r) => Object.keys(r.content ?? {})),
      });
    }
  }
  return out;
}

const HUGE = 'x'.repeat(200_000);
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  HUGE,
  '',
  ' ',
  '<script>',
  '../../etc',
];
const HOSTILE_VALUES: unknown[] = [null, 5, -1, 1e308, true, [], {}, ['x'], ...HOSTILE_STRINGS];
const HOSTILE_PATH = ['%00', 'a%00b', '%ED%A0%80', '%', '..%2F..%2F', 'x'.repeat(5000), '%C4%B0'];

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** The bodies a JSON operation gets: whole-body junk, then every field set to every hostile value. */
function hostileBodies(schema: Record<string, unknown>): unknown[] {
  const bodies: unknown[] = [null, [], 5, 'x', deep(2000), { unknownField: 1 }, { $schema: 'x' }];
  const properties = Object.keys((schema['properties'] as Record<string, unknown>) ?? {}).filter(
    (p) => p !== '$schema',
  );
  for (const property of properties) {
    for (const value of HOSTILE_VALUES) bodies.push({ [property]: value });
  }
  return bodies;
}

function pathOf(op: Operation, override?: Record<string, string>): string {
  return op.template.replace(/\{([^}]+)\}/g, (_m, name: string) => override?.[name] ?? ids[name] ?? 'x');
}

const CUT_MULTIPART =
  '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8';

type Credential = Record<string, string>;
const credentials = (): Record<string, Credential> => ({
  owner: { Cookie: t.owner.cookie },
  member: { Cookie: member.cookie },
  'owner token': { Authorization: `Bearer ${ownerToken}` },
  'member read-only token': { Authorization: `Bearer ${memberReadToken}` },
  'forged token': { Authorization: `Bearer lrd_${'A'.repeat(43)}` },
  'forged cookie': { Cookie: `service_session=${'A'.repeat(43)}` },
  nobody: {},
});

/**
 * A digest of everything stored that a refused request must leave alone. (Using a token marks it
 * used, refused or not: `last_used_at` is left out; sign-in attempts are counted on purpose.)
 */
async function storedState(): Promise<string> {
  const tables = [
    'accounts',
    'one_time_links',
    'household_settings',
    'recipes',
    'recipe_favorites',
    'recipe_tasty_marks',
    'comments',
    'comment_seen',
    'recipe_images',
    'shares',
  ];
  const hash = createHash('sha256');
  for (const table of tables) {
    const { rows } = await sql<{ state: string | null }>`
      select md5(string_agg(t::text, '|' order by t::text)) as state from ${sql.table(table)} t`.execute(
      t.database.db,
    );
    hash.update(`${table}:${rows[0]?.state ?? ''};`);
  }
  const tokens = await t.database.db
    .selectFrom('api_tokens')
    .select(['id', 'owner_id', 'name', 'scopes', 'expires_at'])
    .orderBy('id')
    .execute();
  hash.update(JSON.stringify(tokens));
  hash.update((await storedKeys(t, '')).sort().join('|'));
  return hash.digest('hex');
}

interface Outcome {
  what: string;
  status: number;
  type: string;
}

async function send(op: Operation, path: string, headers: Credential, body?: string | Buffer, type?: string) {
  const res = await fetch(`${base}${path}`, {
    method: op.method,
    headers: { ...headers, ...(type ? { 'Content-Type': type } : {}) },
    body: op.method === 'GET' ? undefined : body,
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return { status: res.status, type: res.headers.get('content-type') ?? '' };
}

it('never answers 5xx, answers every error as a problem (or a page), and changes nothing it refused', async () => {
  const ops = await operations();
  expect(ops.length).toBeGreaterThan(60);
  const bad: Outcome[] = [];
  let sent = 0;
  const check = async (what: string, op: Operation, run: () => Promise<{ status: number; type: string }>) => {
    sent++;
    const before = await storedState();
    const { status, type } = await run();
    const pageOrFile = op.responseTypes.some((r) => r.startsWith('text/html') || r.startsWith('image/'));
    // The MCP endpoint answers protocol errors as JSON-RPC errors, as the protocol says.
    const jsonRpc = op.template === '/mcp' && type.startsWith('application/json');
    const problem =
      type.startsWith('application/problem+json') || (pageOrFile && type.startsWith('text/html')) || jsonRpc;
    if (status >= 500 || (status >= 400 && !problem)) bad.push({ what, status, type });
    if (status >= 400 && (await storedState()) !== before)
      bad.push({ what: `${what} changed state`, status, type });
  };

  for (const op of ops) {
    const name = `${op.method} ${op.template}`;
    // Hostile path values, one parameter at a time.
    for (const param of op.parameters.filter((p) => p.in === 'path')) {
      for (const value of HOSTILE_PATH) {
        await check(`${name} path ${param.name}=${value.slice(0, 20)}`, op, () =>
          send(op, pathOf(op, { [param.name]: value }), { Cookie: t.owner.cookie }),
        );
      }
    }
    // Hostile query values.
    for (const param of op.parameters.filter((p) => p.in === 'query')) {
      for (const value of ['%00', '%ED%A0%80', 'x'.repeat(5000), '-1', '1e999', `${param.name}=a`]) {
        await check(`${name} query ${param.name}=${value.slice(0, 20)}`, op, () =>
          send(op, `${pathOf(op)}?${param.name}=${value}&${param.name}=${value}`, { Cookie: t.owner.cookie }),
        );
      }
    }
    // Hostile bodies.
    if (op.body?.type === 'application/json') {
      for (const body of hostileBodies(op.body.schema)) {
        const text = JSON.stringify(body);
        await check(`${name} body ${text.slice(0, 40)}`, op, () =>
          send(op, pathOf(op), { Cookie: t.owner.cookie }, text, 'application/json'),
        );
      }
      await check(`${name} broken JSON`, op, () =>
        send(op, pathOf(op), { Cookie: t.owner.cookie }, '{"a":', 'application/json'),
      );
      await check(`${name} not JSON`, op, () =>
        send(op, pathOf(op), { Cookie: t.owner.cookie }, 'a=b', 'text/plain'),
      );
    } else if (op.body?.type === 'multipart/form-data') {
      await check(`${name} truncated multipart`, op, () =>
        send(
          op,
          pathOf(op),
          { Cookie: t.owner.cookie },
          Buffer.from(CUT_MULTIPART, 'latin1'),
          'multipart/form-data; boundary=zz',
        ),
      );
      await check(`${name} multipart without a boundary`, op, () =>
        send(op, pathOf(op), { Cookie: t.owner.cookie }, 'x', 'multipart/form-data'),
      );
    } else if (op.body) {
      await check(`${name} junk ${op.body.type}`, op, () =>
        send(op, pathOf(op), { Cookie: t.owner.cookie }, '\u0000\ud800junk', op.body!.type),
      );
    }
  }

  // Every operation once under every credential, with an empty body: the access rules, forged
  // credentials and half-empty requests. Destructive ones go last so the fixtures live longest.
  const destructiveLast = [...ops].sort(
    (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
  );
  for (const op of destructiveLast) {
    for (const [who, headers] of Object.entries(credentials())) {
      await check(`${op.method} ${op.template} as ${who}`, op, () =>
        op.body?.type === 'application/json'
          ? send(op, pathOf(op), headers, '{}', 'application/json')
          : send(op, pathOf(op), headers),
      );
    }
  }
  expect(bad).toEqual([]);
  expect(sent).toBeGreaterThan(1000);
}, 120_000);
