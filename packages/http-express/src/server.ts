import type { Server } from 'node:http';
import {
  ensureOwner,
  Housekeeping,
  ImageJanitor,
  IDENTITY_PROVIDER,
  IMAGE_STORE,
  type IdentityProvider,
  type ImageStore,
  MAILER,
  MailOutbox,
  type Mailer,
  RecipeTransfer,
  ValidationFailed,
} from '@larder/domain';
import { type Database, migrateToLatest, openDatabase } from '@larder/adapters-postgres';
import { storageFailureReason } from '@larder/adapters-s3-images';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { listen } from './listen.js';
import { answerClientErrors } from './rest/client-errors.js';
import { guardProcess } from './rest/request-scope.js';
import {
  BACKGROUND,
  CLOSE_RENDERER,
  type Overrides,
  STOP_COHERENCE,
  composeContainer,
  coreDependencies,
} from './composition-root.js';
import type { BackgroundWork } from './operations/background.js';
import { type Config, ConfigError } from './config.js';

/** How often the server retries file removals that failed. */
const IMAGE_SWEEP_MS = 60_000;
/** How often the server works off the mail outbox (mail is also sent right after it is queued). */
const OUTBOX_MS = 15_000;
/** How often the server removes expired sessions, spent links and ended throttle windows. */
const HOUSEKEEPING_MS = 60 * 60 * 1000;
/** How long shutdown lets background work (a mail being sent, housekeeping) finish before cutting it off. */
const BACKGROUND_GRACE_MS = 5000;
/** How long work cut off gets to record that (a mail's failed attempt) before the database closes. */
const CUT_OFF_GRACE_MS = 2000;

/** What a start (or a test) hands the service besides the configuration. */
export interface StartOptions extends Overrides {
  /** How long shutdown waits for background work (5 s). */
  backgroundGraceMs?: number;
}

export interface RunningService {
  server: Server;
  database: Database;
  url: string;
  /**
   * Stops accepting, lets in-flight requests finish (10 s at most) and background work (5 s at
   * most: mail still being sent then is cut off), then closes the database.
   */
  close(): Promise<void>;
}

/** Opens the database, migrates it, creates the owner on an empty instance and listens. */
export async function startService(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningService> {
  const { backgroundGraceMs = BACKGROUND_GRACE_MS, ...overrides } = options;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    const container = composeContainer(config, database, { logger, ...overrides });
    const owner = await ensureOwner(
      coreDependencies(container),
      config.adminUser,
      config.adminPassword,
    ).catch((error: unknown) => {
      // The owner's name and password come from the environment: a setting to correct (exit 2).
      if (!(error instanceof ValidationFailed)) throw error;
      throw new ConfigError(error.issues.map((issue) => `${issue.location} ${issue.message}`).join('; '));
    });
    // The setup link is said once the port is known: SERVICE_ADDR's port 0 picks one at listen.
    const announceSetupLink = (port: number) => {
      if (!owner.setupLink) return;
      const base = config.publicUrl ?? `http://localhost:${port}`;
      logger.warn(
        { setupLink: `${base}${owner.setupLink.path}`, expiresAt: owner.setupLink.expiresAt.toISOString() },
        `Owner "${owner.owner?.username ?? config.adminUser}" has no password yet. Open the setup link to choose one: ${base}${owner.setupLink.path}`,
      );
    };
    if (!owner.setupLink && owner.created)
      logger.info({ username: config.adminUser }, 'owner account created');
    // The identity provider is asked for its configuration now, so a misconfigured one shows in
    // the log at once; failing changes nothing (password sign-in works, discovery is retried).
    const provider = container.isRegistered(IDENTITY_PROVIDER)
      ? container.resolve<IdentityProvider & { discover?: () => Promise<void> }>(IDENTITY_PROVIDER)
      : null;
    provider?.discover?.().then(
      () => logger.info({ provider: provider.displayName }, 'identity provider found'),
      // The reason, not a stack: this is the provider's state, not a fault of the service.
      (error: unknown) =>
        logger.warn(
          { why: error instanceof Error ? error.message : String(error) },
          'identity provider not reachable yet; sign-in through it is retried on use',
        ),
    );
    const app = createApp({ config, container, logger });
    const unguard = guardProcess(logger);
    let server: Server;
    try {
      server = await listen(app, config.host, config.port);
    } catch (error) {
      // The link replaced the one an earlier start logged, so it is said even now: it works on
      // an instance already serving this database (on the port this start could not take).
      announceSetupLink(config.port);
      // Nothing was served: what the composition started stops before the database closes (below).
      unguard();
      if (container.isRegistered(STOP_COHERENCE)) container.resolve<() => void>(STOP_COHERENCE)();
      await container.resolve<() => Promise<void>>(CLOSE_RENDERER)();
      throw error;
    }
    answerClientErrors(server);
    // A client that closes its side once its request is sent (`nc -N`, some scripts) still gets
    // its answer: the connection ends after it, instead of the request being dropped unanswered.
    (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
    server.keepAliveTimeout = 5000;
    server.headersTimeout = 10000;
    // A whole request, body included: long enough for an archive import (1 GiB at 10 Mbit/s).
    server.requestTimeout = 15 * 60_000;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = typeof address === 'object' && address ? address.address : (config.host ?? '::');
    // The address it listens on, as a browser on this machine would write it.
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    announceSetupLink(port);
    logger.info(
      { address: host, port, database: database.driver },
      `Larder listening on http://${shown}:${port}`,
    );
    // /healthz answers for the database alone (docs/operations.md#health-check), so photo storage
    // the service cannot use (a bucket that does not exist, keys it refuses, an endpoint that does
    // not answer) is said here, at the start, from one read, not first by an upload's 503.
    const lookingAtPhotos = container
      .resolve<ImageStore>(IMAGE_STORE)
      .list('checks/')
      .then(
        () => undefined,
        (error: unknown) =>
          logger.warn(
            { part: 'photo storage', reason: storageFailureReason(error) },
            'photo storage cannot be used; photo uploads and photos answer 503 until it can (`larder check` tells why too)',
          ),
      );
    // File removals a storage outage held up are retried in the background (see ImageJanitor).
    const janitor = container.resolve(ImageJanitor);
    const sweeper = setInterval(() => {
      janitor.sweep().catch((error: unknown) => logger.warn({ err: error }, 'image sweep failed'));
    }, IMAGE_SWEEP_MS);
    sweeper.unref();
    // Mail that must go out and has not yet (a server that was down) is retried here, on every instance.
    const outbox = container.resolve(MailOutbox);
    const postman = setInterval(() => {
      outbox.deliverDue().catch((error: unknown) => logger.warn({ err: error }, 'mail outbox pass failed'));
    }, OUTBOX_MS);
    postman.unref();
    // Expired and spent rows are removed at start and then hourly (see Housekeeping), and so are
    // the files of writes and imports a stopped process left.
    const housekeeping = container.resolve(Housekeeping);
    const transfer = container.resolve(RecipeTransfer);
    let tidying: Promise<void> = Promise.resolve();
    const tidy = () => {
      tidying = housekeeping.run().then(
        async (removed) => {
          const total = removed.sessions + removed.links + removed.throttles + removed.flows;
          if (total > 0) logger.info({ removed }, 'housekeeping removed expired rows');
          const leftovers = await janitor.removeLeftovers();
          if (leftovers > 0) logger.info({ leftovers }, 'housekeeping removed files interrupted writes left');
          const uploads = await transfer.removeLeftovers();
          if (uploads > 0)
            logger.info({ uploads }, 'housekeeping removed uploads of imports that were stopped');
        },
        (error: unknown) => logger.warn({ err: error }, 'housekeeping failed'),
      );
    };
    tidy();
    const tidier = setInterval(tidy, HOUSEKEEPING_MS);
    tidier.unref();
    let closing: Promise<void> | undefined;
    return {
      server,
      database,
      url: `http://127.0.0.1:${port}`,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            const force = setTimeout(() => server.closeAllConnections(), 10000);
            force.unref();
            server.close(() => {
              clearTimeout(force);
              resolve();
            });
            server.closeIdleConnections();
          });
          clearInterval(sweeper);
          clearInterval(tidier);
          clearInterval(postman);
          const mailer = container.resolve<Mailer>(MAILER) as Mailer & { close?: () => void };
          const background = Promise.all([
            container.resolve<BackgroundWork>(BACKGROUND).settled(),
            outbox.stop(),
            tidying,
            lookingAtPhotos,
          ]);
          if (!(await settlesWithin(background, backgroundGraceMs))) {
            logger.warn(
              { waitedMs: backgroundGraceMs },
              'shutting down: background work is still running; mail being sent is cut off (queued mail goes out after the restart)',
            );
            mailer.close?.();
            await settlesWithin(background, CUT_OFF_GRACE_MS);
          }
          if (container.isRegistered(STOP_COHERENCE)) container.resolve<() => void>(STOP_COHERENCE)();
          await container.resolve<() => Promise<void>>(CLOSE_RENDERER)();
          mailer.close?.();
          await database.close();
          unguard();
        })()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Whether `work` has settled within `ms` (it goes on either way). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timeUp,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
