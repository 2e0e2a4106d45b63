import { execFile, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { openDatabase } from '@larder/adapters-postgres';
import {
  type EmptyServerDatabase,
  emptyServerDatabase,
} from '@larder/adapters-postgres/test-support/test-database.js';
import { startS3rver } from '@larder/adapters-s3-images/test-support/s3-server.js';
import { startSmtpSink } from '@larder/adapters-smtp/test-support/smtp-sink.js';
import { startTestIdentityProvider } from '@larder/adapters-oidc/test-support/oidc-provider.js';
import { YazlZipArchives } from '@larder/adapters-zip';
import { buildZip, storedEntry } from '@larder/adapters-zip/test-support/zip-builder.js';
import {
  type Caller,
  AccountManagement,
  AccountSetup,
  IMAGE_STORE,
  type ImageStore,
  RecipeCollection,
  RecipePhotos,
  TRANSFER_LIMITS,
  ensureOwner,
  photoKey,
} from '@larder/domain';
import { coreDependencies } from '../src/composition-root.js';
import { runCommandLine } from '../src/cli/run.js';
import { startServiceProcess } from '../test-support/service-process.js';
import { openWorkspace } from '../src/cli/workspace.js';
import { loadConfig } from '../src/config.js';
import { recipeBody } from './recipe-fixtures.js';

const run = promisify(execFile);

interface Ran {
  code: number;
  out: string;
  err: string;
}

/** A writable that collects what is written, as a terminal stream would receive it. */
function collector(): NodeJS.WriteStream & { text(): string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return Object.assign(stream, { text: () => text, isTTY: false }) as unknown as NodeJS.WriteStream & {
    text(): string;
  };
}

/** The names of a zip's entries, as an import reads them. */
async function zipEntries(file: string): Promise<string[]> {
  const archive = await new YazlZipArchives().open(createReadStream(file), TRANSFER_LIMITS);
  try {
    return archive.entries.map((entry) => entry.name).sort();
  } finally {
    await archive.close();
  }
}

/**
 * How long one test may take: each runs the command several times against a real database, and a
 * CI machine busy with other work (load 9 on 2 cores) took longer than the 30 s default.
 */
const COMMANDS = 120_000;

describe('the larder admin command, on the configured database and image store', () => {
  let dir: string;
  let server: EmptyServerDatabase | null;
  let env: Record<string, string>;

  const larder = async (args: string[], more: Record<string, string> = {}): Promise<Ran> => {
    const out = collector();
    const err = collector();
    const code = await runCommandLine(args, { out, err }, { ...env, ...more });
    return { code, out: out.text(), err: err.text() };
  };

  /** The `larder` program run as a process of its own, as an operator (or a nightly job) runs it. */
  const larderProcess = async (
    args: string[],
    more: Record<string, string> = {},
    nodeOptions: string[] = [],
  ): Promise<Ran> => {
    const bin = new URL('../bin/larder.js', import.meta.url).pathname;
    const child = spawn(process.execPath, [...nodeOptions, bin, ...args], {
      env: { ...process.env, ...env, ...more },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code: code ?? -1, out, err };
  };

  /** The configured database and image store, composed, for the test to look at or prepare. */
  const withWorkspace = async <T>(work: (w: Awaited<ReturnType<typeof openWorkspace>>) => Promise<T>) => {
    const workspace = await openWorkspace(loadConfig(env));
    try {
      return await work(workspace);
    } finally {
      await workspace.close();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'larder-cli-'));
    server = await emptyServerDatabase();
    env = {
      SERVICE_DATA_DIR: join(dir, 'data'),
      SERVICE_PUBLIC_URL: 'https://recipes.example.org',
      ...(server ? { SERVICE_DATABASE_URL: server.url } : {}),
    };
  });

  afterAll(async () => {
    await server?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'says how it is used: the command list, --help for each command, exit 2 for a wrong command line',
    async () => {
      const none = await larder([]);
      expect(none.code).toBe(2);
      expect(none.err).toMatch(
        /owner-link[\s\S]*users[\s\S]*user-link[\s\S]*migrate[\s\S]*check[\s\S]*export[\s\S]*import/,
      );
      expect((await larder(['--help'])).code).toBe(0);
      for (const name of ['owner-link', 'users', 'user-link', 'migrate', 'check', 'export', 'import']) {
        const help = await larder([name, '--help']);
        expect(help.code).toBe(0);
        expect(help.out).toMatch(new RegExp(`^Usage: larder ${name}`));
      }
      const unknown = await larder(['cook']);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toMatch(/no command "cook"/);
      const option = await larder(['users', '--colour']);
      expect(option.code).toBe(2);
      expect(option.err).toMatch(/unknown option --colour/);
      expect((await larder(['user-link'])).code).toBe(2);
      expect((await larder(['export', 'x.zip'])).code).toBe(2);
      const config = await larder(['users'], { SERVICE_IMAGE_WORKERS: 'many' });
      expect(config).toEqual({
        code: 2,
        out: '',
        err: 'larder users: SERVICE_IMAGE_WORKERS must be an integer from 1 to 32\n',
      });
    },
    COMMANDS,
  );

  it(
    'check: refuses every setting the service refuses, as the service does (exit 2)',
    async () => {
      for (const [setting, value, more] of [
        ['SERVICE_LOG_LEVEL', 'verbose', {}],
        ['SERVICE_LOG_LEVEL', '', {}],
        ['SERVICE_DATABASE_URL', 'not-a-url', {}],
        ['SERVICE_DATABASE_URL', 'mysql://u:p@127.0.0.1:1/db', {}],
        // It said 'ok configuration' and 'FAIL image store', as if the server were down.
        ['SERVICE_S3_ENDPOINT', 'minio:9000', { SERVICE_S3_BUCKET: 'larder' }],
      ] as const) {
        const checked = await larder(['check'], { ...more, [setting]: value });
        expect({ setting, value, code: checked.code, out: checked.out }).toEqual({
          setting,
          value,
          code: 2,
          out: '',
        });
        // One line: the command line was right, so no 'Usage: larder check' after it.
        expect(checked.err).toMatch(new RegExp(`^larder check: ${setting} must be [^\\n]*\\n$`));
      }
    },
    COMMANDS,
  );

  it(
    'migrate: brings an empty database up to date, then has nothing to do; other commands wait for it',
    async () => {
      const early = await larder(['users']);
      expect(early.code).toBe(1);
      // An embedded database is not made by a command that reads: migrate makes it.
      expect(early.err).toMatch(server ? /run `larder migrate`/ : /there is no Larder data in /);
      const first = await larder(['migrate']);
      expect(first.code).toBe(0);
      expect(first.out).toMatch(/^migrated: 20261122T0900_accounts_and_settings$/m);
      const again = await larder(['migrate']);
      expect(again).toMatchObject({ code: 0, out: 'The database is up to date; nothing to do.\n' });
    },
    COMMANDS,
  );

  it(
    'owner-link and user-link: a link to choose a password, setup without one, reset with one',
    async () => {
      expect((await larder(['owner-link'])).err).toMatch(/no owner yet/);
      await withWorkspace((w) => ensureOwner(coreDependencies(w.container), 'owner', undefined));
      const owner = await larder(['owner-link']);
      expect(owner.code).toBe(0);
      expect(owner.out).toMatch(/^https:\/\/recipes\.example\.org\/setup\/[A-Za-z0-9_-]+\n$/);
      expect(owner.err).toMatch(/owner \(owner\) to choose a password, valid until/);
      const token = owner.out.trim().split('/').pop()!;
      // The link works: it names the owner's setup, and choosing a password with it signs in.
      await withWorkspace(async (w) => {
        const setup = w.container.resolve(AccountSetup);
        expect(await setup.inspect(token)).toMatchObject({
          purpose: 'setup',
          account: { username: 'owner' },
        });
        await setup.redeem(token, 'a new owner password');
      });
      const reset = await larder(['user-link', 'owner']);
      expect(reset.code).toBe(0);
      expect(reset.err).toMatch(/choose a new password, valid until/);
      await withWorkspace(async (w) => {
        const inspected = await w.container.resolve(AccountSetup).inspect(reset.out.trim().split('/').pop()!);
        expect(inspected.purpose).toBe('reset');
      });
      const nobody = await larder(['user-link', 'nobody']);
      expect(nobody).toMatchObject({ code: 1, out: '' });
      expect(nobody.err).toMatch(/No account is called nobody/);
    },
    COMMANDS,
  );

  // Roles in the household's words in every command's text (user-link said "(user)", users
  // "member"), and as the API says them in --json (it said owner and member, which no API takes).
  it(
    'users: a table, or JSON for scripts; roles in the same words everywhere, the API’s in JSON',
    async () => {
      await withWorkspace(async (w) => {
        const owner = await coreDependencies(w.container).store.accounts.owner();
        await w.container
          .resolve(AccountManagement)
          .create({ account: owner!, via: 'session' }, { username: 'sam', role: 'user' });
      });
      const table = await larder(['users']);
      expect(table.code).toBe(0);
      expect(table.out.split('\n')[0]).toMatch(/^USERNAME\s+ROLE\s+NAME\s+ADDRESS\s+SIGN-IN$/);
      expect(table.out).toMatch(/^owner\s+owner\s+owner\s+-\s+password$/m);
      expect(table.out).toMatch(/^sam\s+member\s+sam\s+-\s+setup link until /m);
      const json = await larder(['users', '--json']);
      expect(JSON.parse(json.out)).toEqual([
        expect.objectContaining({
          username: 'owner',
          role: 'superadmin',
          password: true,
          setupLinkExpiresAt: null,
        }),
        expect.objectContaining({ username: 'sam', role: 'user', password: false }),
      ]);
      expect((await larder(['user-link', 'sam'])).err).toMatch(
        /^Link for sam \(member\) to choose a password/,
      );
      expect((await larder(['owner-link'])).err).toMatch(
        /^Link for owner \(owner\) to choose a new password/,
      );
    },
    COMMANDS,
  );

  it(
    'export --all and import: a whole household through a zip, with a progress report',
    async () => {
      const archive = join(dir, 'backup.zip');
      const empty = await larder(['export', '--all', archive]);
      // Nothing to back up is no failure (a nightly backup of a new household), and no file.
      expect(empty).toMatchObject({ code: 0 });
      expect(empty.out).toMatch(/no recipes/);
      await expect(stat(archive)).rejects.toMatchObject({ code: 'ENOENT' });
      const jpeg = await jpegOf(400, 300);
      await withWorkspace(async (w) => {
        const owner = await coreDependencies(w.container).store.accounts.owner();
        const caller: Caller = { account: owner!, via: 'session' };
        for (const title of ['Pea soup', 'Apple cake']) {
          const recipe = await w.container
            .resolve(RecipeCollection)
            .create(caller, recipeBody({ title }) as never);
          await w.container.resolve(RecipePhotos).upload(caller, recipe.recipe.id, jpeg);
        }
      });
      const exported = await larder(['export', '--all', archive]);
      expect(exported.code).toBe(0);
      expect(exported.out).toMatch(/^exported 2 recipe\(s\) to .*backup\.zip/);
      expect(exported.err).toMatch(/exporting recipes: 2\/2/);
      expect((await stat(archive)).size).toBeGreaterThan(2000);

      const imported = await larder(['import', '--json', archive]);
      expect(imported.code).toBe(0);
      const created = JSON.parse(imported.out) as unknown[];
      expect(created).toHaveLength(2);
      expect(created).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ title: 'Pea soup', slug: 'pea-soup-2' }),
          expect.objectContaining({ title: 'Apple cake', slug: 'apple-cake-2' }),
        ]),
      );
      expect(imported.err).toMatch(/importing photos and recipes: 4\/4/);
      const count = await withWorkspace(
        async (w) => (await coreDependencies(w.container).store.recipes.ids(null, 100)).length,
      );
      expect(count).toBe(4);

      const slip = join(dir, 'slip.zip');
      await writeFile(slip, buildZip([storedEntry('../evil.json', Buffer.from('{}'))]));
      const refused = await larder(['import', slip]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/\.\.\/evil\.json/);
      expect((await larder(['import', '--as', 'nobody', archive])).err).toMatch(
        /No account is called nobody/,
      );
      expect((await larder(['import', join(dir, 'missing.zip')])).code).toBe(1);
      // A failed export leaves no file behind.
      const unknown = await larder(['export', '--recipe', 'no-such-id', join(dir, 'none.zip')]);
      expect(unknown.code).toBe(1);
      await expect(stat(join(dir, 'none.zip'))).rejects.toThrow();
      await expect(stat(join(dir, 'none.zip.part'))).rejects.toThrow();
    },
    COMMANDS,
  );

  it(
    'export --recipe: a recipe named twice is exported and counted once; a small archive says its size in KiB',
    async () => {
      const [id] = await withWorkspace(async (w) => coreDependencies(w.container).store.recipes.ids(null, 1));
      const archive = join(dir, 'one.zip');
      const exported = await larder(['export', '--recipe', `${id},${id}`, archive]);
      expect(exported.code).toBe(0);
      const { size } = await stat(archive);
      expect(size).toBeLessThan(2 ** 20);
      expect(exported.out).toBe(`exported 1 recipe(s) to ${archive} (${(size / 1024).toFixed(1)} KiB)\n`);
      const empty = await larder(['export', '--recipe', `${id}, ,${id}`, archive]);
      expect(empty.code).toBe(2);
      expect(empty.err).toMatch(/none of them empty/);
    },
    COMMANDS,
  );

  // One photo file lost from the image store refused the whole backup ("the original of photo …
  // is missing", exit 1, no file): exactly what a database and photos restored from different
  // moments give.
  it('export --all: a photo whose file is missing is left out and named, the rest is written, exit 3', async () => {
    const lost = await withWorkspace(async (w) => {
      const owner = await coreDependencies(w.container).store.accounts.owner();
      const caller: Caller = { account: owner!, via: 'session' };
      const recipe = await w.container
        .resolve(RecipeCollection)
        .create(caller, recipeBody({ title: 'Quince jelly' }) as never);
      const photos = w.container.resolve(RecipePhotos);
      await photos.upload(caller, recipe.recipe.id, await jpegOf(300, 200));
      const photo = await photos.upload(caller, recipe.recipe.id, await jpegOf(200, 300));
      await w.container
        .resolve<ImageStore>(IMAGE_STORE)
        .delete(photoKey(recipe.recipe.id, photo.id, 'original.jpg'));
      return { recipeId: recipe.recipe.id, imageId: photo.id };
    });
    const archive = join(dir, 'nightly.zip');
    const ran = await larderProcess(['export', '--all', archive]);
    expect(ran.code).toBe(3);
    expect(ran.out).toMatch(/^exported \d+ recipe\(s\) to .*nightly\.zip \(/);
    expect(ran.err).toContain(
      `larder export: warning: left out photo ${lost.imageId} of recipe "Quince jelly" (${lost.recipeId}): ` +
        'its file is missing from the image store\n',
    );
    expect(ran.err).toMatch(/1 photo\(s\) left out \(named above\); everything else is in .*nightly\.zip\n$/);
    // The archive holds every recipe, this one with the photo that is still there.
    const files = await zipEntries(archive);
    expect(files.filter((name) => name.startsWith('recipes/quince-jelly/'))).toEqual([
      'recipes/quince-jelly/photos/1.jpg',
      'recipes/quince-jelly/recipe.json',
    ]);
    expect(files.filter((name) => name.endsWith('/recipe.json')).length).toBe(
      Number(/exported (\d+)/.exec(ran.out)?.[1]),
    );
    await expect(stat(`${archive}.part`)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it(
    'import reads a backup of more recipes than an upload may hold, under the command line’s limits',
    async () => {
      // 20,001 recipes: an upload may hold 20,000 entries; the last document breaks a rule, so the
      // refusal names it only once the whole manifest was read (and nothing is created).
      const document = (servings: number) =>
        JSON.stringify({
          format: 'larder-recipe',
          version: 1,
          title: 'Soup',
          servings,
          ingredientGroups: [{}],
        });
      const paths = Array.from({ length: 20_001 }, (_, i) => `recipes/r${i}/recipe.json`);
      const archive = join(dir, 'large-backup.zip');
      await writeFile(
        archive,
        buildZip([
          ...paths.map((path, i) => storedEntry(path, document(i === paths.length - 1 ? 0 : 2))),
          storedEntry(
            'larder.json',
            JSON.stringify({ format: 'larder-recipes', version: 1, exportedAt: null, recipes: paths }),
          ),
        ]),
      );
      const refused = await larder(['import', archive]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/recipes\/r20000\/recipe\.json: servings: must be at least 1/);
    },
    COMMANDS,
  );

  it('check: a line per part, and exit 1 when one fails', async () => {
    const sink = await startSmtpSink({ auth: { username: 'larder', password: 'mail-secret' } });
    const provider = await startTestIdentityProvider();
    try {
      const mailEnv = {
        SERVICE_SMTP_HOST: '127.0.0.1',
        SERVICE_SMTP_PORT: String(sink.port),
        SERVICE_SMTP_SECURITY: 'none',
        SERVICE_SMTP_FROM: 'larder@example.org',
        SERVICE_SMTP_USERNAME: 'larder',
        SERVICE_SMTP_PASSWORD: 'mail-secret',
      };
      const oidcEnv = {
        SERVICE_OIDC_ISSUER: provider.issuer,
        SERVICE_OIDC_CLIENT_ID: provider.clientId,
        SERVICE_OIDC_CLIENT_SECRET: provider.clientSecret,
      };
      const plain = await larder(['check']);
      expect(plain.code).toBe(0);
      expect(plain.out).toMatch(/^ok\s+configuration\s+/m);
      expect(plain.out).toMatch(/^ok\s+database\s+PostgreSQL [\d.]+/m);
      expect(plain.out).toMatch(/^ok\s+schema\s+up to date$/m);
      expect(plain.out).toMatch(/^ok\s+image store\s+.*written, read and removed a file$/m);
      expect(plain.out).toMatch(
        /^ok\s+image renderer\s+(sharp|jimp): rendered a 16×16 PNG into a JPEG \(8×8\)$/m,
      );
      expect(plain.out).toMatch(/^off\s+mail\s+/m);
      expect(plain.out).toMatch(/^off\s+single sign-on\s+/m);
      expect(plain.out).not.toMatch(/secret/);

      const all = await larder(['check'], { ...mailEnv, ...oidcEnv });
      expect(all.out).toMatch(/^ok\s+mail\s+127\.0\.0\.1:\d+ as larder: connected and signed in$/m);
      expect(all.out).toMatch(/^ok\s+single sign-on\s+http:\/\/127\.0\.0\.1:\d+: discovery document read$/m);
      expect(all.code).toBe(0);
      expect(sink.mails).toHaveLength(0);

      const wrong = await larder(['check'], { ...mailEnv, SERVICE_SMTP_PASSWORD: 'wrong' });
      expect(wrong.code).toBe(1);
      expect(wrong.out).toMatch(/^FAIL\s+mail\s+/m);
      expect(wrong.out).not.toMatch(/wrong/);
    } finally {
      await sink.stop();
      await provider.stop();
    }
    const images = await larder(['check'], {
      SERVICE_S3_BUCKET: 'nowhere',
      SERVICE_S3_ENDPOINT: 'http://127.0.0.1:9',
      SERVICE_S3_ACCESS_KEY_ID: 'larder',
      SERVICE_S3_SECRET_ACCESS_KEY: 'larder-secret',
    });
    expect(images.code).toBe(1);
    expect(images.out).toMatch(/^FAIL\s+image store\s+bucket nowhere: connection refused \(ECONNREFUSED\)$/m);
    // A database never migrated: the schema fails, the mail settings it would hold are not read,
    // and every part still gets its line.
    await (await openDatabase({ dataDir: join(dir, 'never-migrated') })).close();
    const fresh = await larder(['check'], {
      SERVICE_DATA_DIR: join(dir, 'never-migrated'),
      SERVICE_DATABASE_URL: '',
    });
    expect(fresh.code).toBe(1);
    expect(fresh.out).toMatch(/^FAIL\s+schema\s+\d+ migration\(s\) pending/m);
    expect(fresh.out).toMatch(/^skip\s+mail\s+not checked: the schema is not up to date/m);
    expect(fresh.out).toMatch(/^off\s+single sign-on\s+/m);
    expect(fresh.err).toBe('');
  }, 120_000);

  it(
    'check: says why the image store fails (no such bucket, keys refused, wrong scheme), not "try again"',
    async () => {
      const s3 = await startS3rver('larder-photos');
      try {
        const s3Env = {
          SERVICE_S3_BUCKET: 'larder-photos',
          SERVICE_S3_ENDPOINT: s3.options.endpoint ?? '',
          SERVICE_S3_REGION: 'us-east-1',
          SERVICE_S3_ACCESS_KEY_ID: 'S3RVER',
          SERVICE_S3_SECRET_ACCESS_KEY: 'S3RVER',
          SERVICE_S3_FORCE_PATH_STYLE: 'true',
        };
        const fine = await larder(['check'], s3Env);
        expect(fine.out).toMatch(
          /^ok\s+image store\s+bucket larder-photos: written, read and removed a file$/m,
        );
        const failures = {
          bucket: await larder(['check'], { ...s3Env, SERVICE_S3_BUCKET: 'nosuchbucket' }),
          keys: await larder(['check'], { ...s3Env, SERVICE_S3_ACCESS_KEY_ID: 'WRONG' }),
          scheme: await larder(['check'], {
            ...s3Env,
            SERVICE_S3_ENDPOINT: (s3.options.endpoint ?? '').replace('http:', 'https:'),
          }),
        };
        const lines = Object.fromEntries(
          Object.entries(failures).map(([what, ran]) => [
            what,
            /^FAIL\s+image store\s+(.*)$/m.exec(ran.out)?.[1],
          ]),
        );
        expect(lines).toEqual({
          bucket: expect.stringMatching(/^bucket nosuchbucket: NoSuchBucket\b/),
          keys: expect.stringMatching(/^bucket larder-photos: InvalidAccessKeyId\b/),
          scheme: expect.stringMatching(/^bucket larder-photos: TLS failed/),
        });
        for (const ran of Object.values(failures)) expect(ran.out).not.toMatch(/try again/);
      } finally {
        await s3.stop();
      }
    },
    COMMANDS,
  );

  it(
    'migrate: a migration that fails is named (the docs say the log names it)',
    async () => {
      const dataDir = join(dir, 'clashing');
      // A database where the recipes table is there already, as a half-restored one can be.
      const clashing = await openDatabase({ dataDir });
      try {
        await clashing.db.schema.createTable('recipes').addColumn('id', 'integer').execute();
      } finally {
        await clashing.close();
      }
      const migrated = await larder(['migrate'], { SERVICE_DATA_DIR: dataDir, SERVICE_DATABASE_URL: '' });
      expect(migrated.code).toBe(1);
      expect(migrated.err).toMatch(
        /^larder migrate: migration \d{8}T\d{4}_recipes failed: relation "recipes" already exists\n$/,
      );
    },
    COMMANDS,
  );

  it(
    'export --all: an empty household is no failure (no file), a folder not there is said as such',
    async () => {
      const empty = { SERVICE_DATA_DIR: join(dir, 'empty-household'), SERVICE_DATABASE_URL: '' };
      expect((await larder(['migrate'], empty)).code).toBe(0);
      const workspace = await openWorkspace(loadConfig({ ...env, ...empty }));
      try {
        await ensureOwner(coreDependencies(workspace.container), 'owner', undefined);
      } finally {
        await workspace.close();
      }
      const target = join(dir, 'empty-backup.zip');
      expect(await larder(['export', '--all', target], empty)).toEqual({
        code: 0,
        out: `the household has no recipes: nothing to export, ${target} was not written\n`,
        err: '',
      });
      await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
      const nowhere = join(dir, 'no-such-folder', 'backup.zip');
      expect(await larder(['export', '--all', nowhere], empty)).toEqual({
        code: 1,
        out: '',
        err: `larder export: cannot write ${nowhere}: the folder ${join(dir, 'no-such-folder')} does not exist\n`,
      });
    },
    COMMANDS,
  );

  // docs/operations.md promises a line per part: after a failed database there were none.
  it(
    'check: a database that cannot be opened, then a line for every other part, not checked',
    async () => {
      const closed = await larder(['check'], {
        SERVICE_DATABASE_URL: 'postgres://larder:secret@127.0.0.1:1/larder',
      });
      expect(closed.code).toBe(1);
      expect(closed.err).toBe('');
      expect(closed.out.split('\n').slice(1)).toEqual([
        'FAIL  database       the database at 127.0.0.1:1/larder could not be reached: connection refused',
        'skip  schema         not checked: the database could not be opened (see above)',
        'skip  image store    not checked: the database could not be opened (see above)',
        'skip  image renderer not checked: the database could not be opened (see above)',
        'skip  mail           not checked: the database could not be opened (see above)',
        'skip  single sign-on not checked: the database could not be opened (see above)',
        '',
      ]);
    },
    COMMANDS,
  );

  it(
    'a database that does not answer is said so, with the reason, never as migrations to run',
    async () => {
      const closed = 'postgres://larder:secret@127.0.0.1:1/larder';
      for (const command of [
        ['users'],
        ['owner-link'],
        ['export', '--all', join(dir, 'x.zip')],
        ['migrate'],
      ]) {
        const ran = await larder(command, { SERVICE_DATABASE_URL: closed });
        expect({ command, code: ran.code, err: ran.err }).toEqual({
          command,
          code: 1,
          err: `larder ${command[0]}: the database at 127.0.0.1:1/larder could not be reached: connection refused\n`,
        });
      }
    },
    COMMANDS,
  );

  it(
    'a data directory with no household in it is said so, and left as it was (a mistyped SERVICE_DATA_DIR)',
    async () => {
      const typo = join(dir, 'typo');
      for (const command of [
        ['users'],
        ['owner-link'],
        ['user-link', 'owner'],
        ['check'],
        ['export', '--all', join(dir, 'y.zip')],
      ]) {
        const ran = await larder(command, { SERVICE_DATA_DIR: typo, SERVICE_DATABASE_URL: '' });
        expect({ command, code: ran.code }).toEqual({ command, code: 1 });
        expect(`${ran.out}${ran.err}`).toContain(
          `there is no Larder data in ${typo} (SERVICE_DATA_DIR); nothing was created there`,
        );
        await expect(stat(typo)).rejects.toThrow(/ENOENT/);
      }
    },
    COMMANDS,
  );

  it(
    'ends, and frees the database, when SERVICE_IMAGE_RENDERER=sharp and sharp does not load here',
    async () => {
      const bin = new URL('../bin/larder.js', import.meta.url).pathname;
      // A machine where the sharp package does not load: resolving it fails, as a missing one does.
      const noSharp =
        'data:text/javascript,import{registerHooks}from"node:module";registerHooks({resolve(s,c,n){' +
        'if(s==="sharp")throw Object.assign(new Error("Cannot find module sharp"),{code:"MODULE_NOT_FOUND"});' +
        'return n(s,c)}})';
      const childEnv = { ...process.env, ...env, SERVICE_IMAGE_RENDERER: 'sharp' };
      expect((await larder(['migrate'])).code).toBe(0);
      // It never ended: closing built the renderer to close it, threw, and left the database open.
      const listed = await run(process.execPath, ['--import', noSharp, bin, 'users', '--json'], {
        env: childEnv,
        timeout: 60_000,
      });
      expect(Array.isArray(JSON.parse(listed.stdout))).toBe(true);
      expect(listed.stderr).toBe('');
      // The embedded database's lock went with it: the next command opens it.
      expect((await larder(['users'])).code).toBe(0);
    },
    COMMANDS,
  );

  // `larder check` said nothing of the renderer: a sharp that does not load (or a broken jimp
  // worker) was first met by an upload.
  it('check: renders a tiny image through the configured renderer, ok naming it, or FAIL with the reason', async () => {
    const renderer = (ran: Ran) => /^(\S+)\s+image renderer\s+(.*)$/m.exec(ran.out)?.slice(1, 3);
    const jimp = await larderProcess(['check'], { SERVICE_IMAGE_RENDERER: 'jimp' });
    expect(renderer(jimp)).toEqual(['ok', 'jimp: rendered a 16×16 PNG into a JPEG (8×8)']);
    expect(jimp.code).toBe(0);
    const sharp = await larderProcess(['check'], { SERVICE_IMAGE_RENDERER: 'sharp' });
    expect(renderer(sharp)).toEqual(['ok', 'sharp: rendered a 16×16 PNG into a JPEG (8×8)']);
    // A machine where the sharp package does not load: resolving it fails, as a missing one does.
    const noSharp =
      'data:text/javascript,import{registerHooks}from"node:module";registerHooks({resolve(s,c,n){' +
      'if(s==="sharp")throw Object.assign(new Error("Cannot find module sharp"),{code:"MODULE_NOT_FOUND"});' +
      'return n(s,c)}})';
    const missing = await larderProcess(['check'], { SERVICE_IMAGE_RENDERER: 'sharp' }, [
      '--import',
      noSharp,
    ]);
    expect(renderer(missing)).toEqual([
      'FAIL',
      'SERVICE_IMAGE_RENDERER=sharp: the sharp renderer was asked for, but sharp does not load here',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('');
    // auto falls back to jimp there, and says so.
    const auto = await larderProcess(['check'], { SERVICE_IMAGE_RENDERER: 'auto' }, ['--import', noSharp]);
    expect(renderer(auto)).toEqual(['ok', 'jimp: rendered a 16×16 PNG into a JPEG (8×8)']);
  }, 180_000);

  it(
    'refuses a database a running service holds (the embedded one), or one a newer Larder migrated',
    async () => {
      if (!server) {
        // The service, running in a process of its own on the same data directory.
        const service = await startServiceProcess({}, env['SERVICE_DATA_DIR']);
        try {
          const res = await larder(['users']);
          expect(res.code).toBe(1);
          expect(res.err).toMatch(/in use by another Larder process/);
        } finally {
          await service.stop();
        }
      }
      await withWorkspace((w) =>
        w.database.db
          .insertInto('kysely_migration' as never)
          .values({ name: '29991231T0000_future', timestamp: new Date().toISOString() } as never)
          .execute(),
      );
      // The same line from every command, and from the service at start (start-failures.test.ts).
      const refusal = 'the database was migrated by a newer Larder (29991231T0000_future); use that version';
      for (const command of ['users', 'migrate']) {
        expect(await larder([command])).toEqual({ code: 1, out: '', err: `larder ${command}: ${refusal}\n` });
      }
      const checked = await larder(['check']);
      expect(checked.code).toBe(1);
      expect(checked.out).toContain(`FAIL  schema         ${refusal}\n`);
    },
    COMMANDS,
  );

  it(
    'ends quietly when its reader stops early (`larder --help | head -0`)',
    async () => {
      const bin = new URL('../bin/larder.js', import.meta.url).pathname;
      const child = spawn(process.execPath, [bin, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
      // The reader goes away before the command writes a line.
      child.stdout.destroy();
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise((resolve) => child.once('close', resolve));
      expect({ code, err }).toEqual({ code: 0, err: '' });
    },
    COMMANDS,
  );

  it(
    'runs as the `larder` program the package installs',
    async () => {
      const bin = new URL('../bin/larder.js', import.meta.url).pathname;
      const { stdout } = await run(process.execPath, [bin, '--help'], { timeout: 60_000 });
      expect(stdout).toMatch(/^larder — /);
      await expect(run(process.execPath, [bin, 'cook'], { timeout: 60_000 })).rejects.toMatchObject({
        code: 2,
      });
      expect(JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')).bin).toEqual({
        larder: './bin/larder.js',
      });
    },
    COMMANDS,
  );
});
