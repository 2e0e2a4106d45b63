import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { migrationState, refuseNewerSchema } from '@larder/adapters-postgres';
import {
  IDENTITY_PROVIDER,
  IMAGE_RENDERER,
  IMAGE_STORE,
  type IdentityProvider,
  type ImageRenderer,
  type ImageStore,
  MAILER,
  MailConfiguration,
  type Mailer,
} from '@larder/domain';
import { storageFailureReason } from '@larder/adapters-s3-images';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { UsageError } from '../args.js';
import { type Command, type CommandContext, EXIT } from '../command.js';
import type { Workspace } from '../workspace.js';

type Outcome = 'ok' | 'FAIL' | 'off' | 'skip';

function line(context: CommandContext, outcome: Outcome, part: string, text: string): void {
  context.out.write(`${outcome.padEnd(5)} ${part.padEnd(14)} ${text}\n`);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The configuration in words, without any secret. */
function described(config: Config): string {
  const database = config.databaseUrl
    ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
    : `embedded database under ${config.dataDir}/db`;
  const photos = config.s3
    ? `photos in bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
    : `photos under ${config.dataDir}/images`;
  const url = config.publicUrl
    ? `public URL ${config.publicUrl}`
    : 'no SERVICE_PUBLIC_URL (links in mail are off)';
  return `${database}; ${photos}; ${url}`;
}

/** The parts checked after the database, each of which gets its line whatever the database did. */
const AFTER_DATABASE = ['schema', 'image store', 'image renderer', 'mail', 'single sign-on'] as const;

/**
 * The database and its schema, a line each. Answers why the parts that read the database (mail)
 * cannot be checked, or null when they can.
 */
async function checkDatabase(context: CommandContext, workspace: Workspace): Promise<string | null> {
  const { database } = workspace;
  try {
    const { rows } = await sql<{ version: string }>`select version()`.execute(database.db);
    const version = /^PostgreSQL [\d.]+/u.exec(rows[0]?.version ?? '')?.[0] ?? 'PostgreSQL';
    line(
      context,
      'ok',
      'database',
      `${database.driver === 'pglite' ? `${version} (embedded)` : version} answers`,
    );
  } catch (error) {
    line(context, 'FAIL', 'database', reason(error));
    line(context, 'skip', 'schema', 'not checked: the database did not answer');
    return 'the database did not answer';
  }
  try {
    const state = await migrationState(database.db);
    refuseNewerSchema(state);
    if (state.pending.length > 0) {
      line(context, 'FAIL', 'schema', `${state.pending.length} migration(s) pending: run \`larder migrate\``);
      return 'the schema is not up to date (see above)';
    }
  } catch (error) {
    line(context, 'FAIL', 'schema', reason(error));
    return 'the schema is not up to date (see above)';
  }
  line(context, 'ok', 'schema', 'up to date');
  return null;
}

/** Writes, reads and removes a small file, as photos are. */
async function checkImageStore(context: CommandContext, workspace: Workspace): Promise<boolean> {
  const images = workspace.container.resolve<ImageStore>(IMAGE_STORE);
  const key = `checks/${randomUUID()}.txt`;
  const where = workspace.config.s3
    ? `bucket ${workspace.config.s3.bucket}`
    : `${workspace.config.dataDir}/images`;
  try {
    await images.put(key, new TextEncoder().encode('larder check'), 'text/plain');
    const found = await images.head(key);
    await images.delete(key);
    if (!found) throw new Error('a file written could not be read back');
    line(context, 'ok', 'image store', `${where}: written, read and removed a file`);
    return true;
  } catch (error) {
    // The reason itself (no such bucket, keys refused, connection refused), not a request's "try again".
    line(context, 'FAIL', 'image store', `${where}: ${storageFailureReason(error)}`);
    return false;
  }
}

/** A 16×16 PNG in one colour, made here: what the renderer is given to render. */
function tinyPng(): Uint8Array {
  const side = 16;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  // Each row: filter 0, then its pixels (a warm grey).
  const rows = Buffer.alloc((1 + side * 3) * side, 0x90);
  for (let row = 0; row < side; row++) rows[row * (1 + side * 3)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Renders a tiny image through the renderer the service uses (SERVICE_IMAGE_RENDERER: sharp, jimp,
 * or whichever `auto` picks here), as an upload is rendered: off the event loop, into a JPEG.
 */
async function checkImageRenderer(context: CommandContext, workspace: Workspace): Promise<boolean> {
  let renderer: ImageRenderer;
  try {
    renderer = workspace.container.resolve<ImageRenderer>(IMAGE_RENDERER);
  } catch (error) {
    line(
      context,
      'FAIL',
      'image renderer',
      `SERVICE_IMAGE_RENDERER=${workspace.config.imageRenderer}: ${reason(error)}`,
    );
    return false;
  }
  try {
    const rendered = await renderer.render(tinyPng(), {
      bounds: { minEdge: 1, maxEdge: 64, maxPixels: 64 * 64 },
      renditions: [{ name: 'check', file: 'check.jpg', shape: 'fit', longEdge: 8, quality: 80 }],
    });
    const jpeg = rendered.renditions[0];
    if (!jpeg || jpeg.bytes[0] !== 0xff || jpeg.bytes[1] !== 0xd8) throw new Error('it gave no JPEG');
    line(
      context,
      'ok',
      'image renderer',
      `${renderer.name}: rendered a 16×16 PNG into a JPEG (${jpeg.width}×${jpeg.height})`,
    );
    return true;
  } catch (error) {
    line(context, 'FAIL', 'image renderer', `${renderer.name}: ${reason(error)}`);
    return false;
  }
}

async function checkMail(
  context: CommandContext,
  workspace: Workspace,
  unreadable: string | null,
): Promise<boolean> {
  // The owner's mail settings live in the database: they cannot be read from a schema not up to
  // date, nor from a database that does not answer.
  if (unreadable !== null) {
    line(context, 'skip', 'mail', `not checked: ${unreadable}`);
    return false;
  }
  const inForce = await workspace.container.resolve(MailConfiguration).inForce();
  if (!inForce) {
    line(context, 'off', 'mail', 'no SMTP server configured (SERVICE_SMTP_* or the owner’s mail settings)');
    return true;
  }
  const { server } = inForce;
  const where = `${server.host}:${server.port}${server.username ? ` as ${server.username}` : ''}`;
  try {
    await workspace.container.resolve<Mailer>(MAILER).verify(server);
    line(context, 'ok', 'mail', `${where}: connected${server.username ? ' and signed in' : ''}`);
    return true;
  } catch (error) {
    line(context, 'FAIL', 'mail', `${where}: ${reason(error)}`);
    return false;
  }
}

async function checkSignOn(context: CommandContext, workspace: Workspace): Promise<boolean> {
  const oidc = workspace.config.oidc;
  if (!oidc || !workspace.container.isRegistered(IDENTITY_PROVIDER)) {
    line(context, 'off', 'single sign-on', 'no OpenID Connect provider configured');
    return true;
  }
  const provider = workspace.container.resolve<IdentityProvider & { discover?: () => Promise<void> }>(
    IDENTITY_PROVIDER,
  );
  try {
    await provider.discover?.();
    line(context, 'ok', 'single sign-on', `${oidc.issuer}: discovery document read`);
    return true;
  } catch (error) {
    line(context, 'FAIL', 'single sign-on', `${oidc.issuer}: ${reason(error)}`);
    return false;
  }
}

export const check: Command = {
  name: 'check',
  summary: 'validate the configuration and reach the database, image store, renderer, mail and sign-on',
  usage: 'larder check',
  help:
    'One line per part (configuration, database, schema, image store, image renderer, mail, single ' +
    'sign-on): ok, FAIL (with the reason), off, or skip (not checked, and why: the database could not be ' +
    'opened or did not answer, or the schema is not up to date). Writes one small file to the image store ' +
    'and removes it; renders a tiny image through the renderer uploads use (sharp or jimp); connects to the SMTP server and signs in without sending; reads the OpenID provider’s ' +
    'discovery document. Exits 0 when nothing failed, 1 when something did, 2 when the configuration is ' +
    'invalid. Run it while the service runs only on PostgreSQL (the embedded database is locked by it).',
  options: {},
  async run(args, context) {
    if (args.positional.length > 0) throw new UsageError('check takes no arguments');
    const config = context.config();
    line(context, 'ok', 'configuration', described(config));
    let workspace: Workspace;
    try {
      workspace = await context.open({ anySchema: true });
    } catch (error) {
      // Nothing is composed without a database: every other part is said not checked.
      line(context, 'FAIL', 'database', reason(error));
      for (const part of AFTER_DATABASE) {
        line(context, 'skip', part, 'not checked: the database could not be opened (see above)');
      }
      return EXIT.failed;
    }
    try {
      const unreadable = await checkDatabase(context, workspace);
      const results = [
        unreadable === null,
        await checkImageStore(context, workspace),
        await checkImageRenderer(context, workspace),
        await checkMail(context, workspace, unreadable),
        await checkSignOn(context, workspace),
      ];
      return results.every(Boolean) ? EXIT.ok : EXIT.failed;
    } finally {
      await workspace.close();
    }
  },
};
