import 'reflect-metadata';
import {
  AccountManagement,
  AccountSetup,
  ApiTokens,
  CLOCK,
  type Clock,
  type CoreDependencies,
  HouseholdSettingsService,
  Housekeeping,
  OwnAccount,
  PASSWORD_HASHER,
  RecipeCollection,
  RecipeMarks,
  RecipeSearch,
  RecipeComments,
  type PasswordHasher,
  SECRETS,
  STORE,
  type Secrets,
  SignInService,
  type Store,
  PublicShares,
  LinkPreviews,
  Avatars,
  IMAGE_RENDERER,
  IMAGE_STORE,
  ImageJanitor,
  type ImageRenderer,
  type ImageStore,
  type PhotoDependencies,
  RecipePhotos,
  AccountMail,
  AddressConfirmation,
  type DeliveryReport,
  MAILER,
  MailConfiguration,
  MailOutbox,
  MailTest,
  type Mailer,
  PasswordReset,
  IDENTITY_PROVIDER,
  type IdentityProvider,
  SingleSignOn,
  RecipeTransfer,
  RecipeDrafts,
  PAGE_FETCHER,
  type PageFetcher,
  ZIP_ARCHIVES,
  type ZipArchives,
} from '@larder/domain';
import { YazlZipArchives } from '@larder/adapters-zip';
import { GuardedPageFetcher } from '@larder/adapters-web-pages';
import { OpenIdConnectProvider } from '@larder/adapters-oidc';
import { SmtpMailer } from '@larder/adapters-smtp';
import { createImageRenderer, createImageStore } from '@larder/adapters-s3-images';
import { BcryptPasswordHasher, NodeSecrets, SystemClock } from '@larder/adapters-crypto';
import { type Database, ReadCache, createPostgresStore, keepCoherent } from '@larder/adapters-postgres';
import type { Logger } from 'pino';
import { type DependencyContainer, container as rootContainer, instanceCachingFactory } from 'tsyringe';
import type { Config } from './config.js';
import type { RestServices } from './rest/routes/route-module.js';
import { BackgroundWork } from './operations/background.js';
import { Metrics } from './metrics.js';
import { OutageLog } from './outage-log.js';

export const CONFIG = Symbol('Config');
export const DATABASE = Symbol('Database');
/** Stops the read cache's listening for other instances (at shutdown). */
export const STOP_COHERENCE = Symbol('StopCoherence');
/** Closes the image renderer when it was built (it is built on first use, never to be closed). */
export const CLOSE_RENDERER = Symbol('CloseRenderer');
/** Work operations started and did not wait for (shutdown waits for it). */
export const BACKGROUND = Symbol('BackgroundWork');
/** The service's Prometheus metrics. */
export const METRICS = Symbol('Metrics');

/** What a start (or a test) hands the composition root besides the configuration. */
export interface Overrides {
  clock?: Clock;
  hasher?: PasswordHasher;
  /** The mailer (tests: the real SMTP mailer with short timeouts). */
  mailer?: Mailer;
  /** The identity provider (tests: the real adapter, retrying discovery at once). */
  identityProvider?: IdentityProvider | null;
  /** The page fetcher of drafts (tests: the real one, with a resolver of their own). */
  pages?: PageFetcher;
  /** Where the composition's own events go (the read cache going off and on). */
  logger?: Logger;
}

/** The ports nearly every use case needs, as a composed container provides them. */
export function coreDependencies(container: DependencyContainer): CoreDependencies {
  return {
    store: container.resolve<Store>(STORE),
    clock: container.resolve<Clock>(CLOCK),
    secrets: container.resolve<Secrets>(SECRETS),
    hasher: container.resolve<PasswordHasher>(PASSWORD_HASHER),
  };
}

/**
 * The composition root: the only place that knows which adapter implements
 * which port. Domain services are plain classes, built here by factories.
 */
/** Every mail the outbox handled goes into the log: what kind, and what became of it (never its body). */
function logDeliveries(logger: Logger | undefined, metrics: Metrics, reports: DeliveryReport[]): void {
  for (const { id, kind, delivery } of reports) {
    metrics.delivered(delivery.outcome);
    const fields = { mailId: id, kind, outcome: delivery.outcome };
    if (delivery.outcome === 'sent') logger?.info(fields, 'mail sent');
    else if (delivery.outcome === 'deferred')
      logger?.warn(
        { ...fields, reason: delivery.reason, retryAt: delivery.retryAt },
        'mail not sent; will retry',
      );
    // Refused for good is the recipient's trouble (a mistyped address), not the service's: a warning.
    else if (delivery.outcome === 'refused')
      logger?.warn({ ...fields, reply: delivery.reply }, 'mail refused');
    else if (delivery.outcome === 'expired')
      logger?.warn(fields, 'mail dropped: its link expired before it could go');
    else if (delivery.outcome === 'revoked')
      logger?.info(fields, 'mail dropped: its link was used or revoked before it could go');
  }
}

/** The domain services the API's operations and routes use, as the container provides them. */
export function servicesOf(c: DependencyContainer): RestServices {
  return {
    database: c.resolve<Database>(DATABASE),
    background: c.resolve<BackgroundWork>(BACKGROUND),
    signIn: c.resolve(SignInService),
    own: c.resolve(OwnAccount),
    setup: c.resolve(AccountSetup),
    accounts: c.resolve(AccountManagement),
    tokens: c.resolve(ApiTokens),
    settings: c.resolve(HouseholdSettingsService),
    recipes: c.resolve(RecipeCollection),
    search: c.resolve(RecipeSearch),
    marks: c.resolve(RecipeMarks),
    comments: c.resolve(RecipeComments),
    shares: c.resolve(PublicShares),
    previews: c.resolve(LinkPreviews),
    photos: c.resolve(RecipePhotos),
    avatars: c.resolve(Avatars),
    mail: c.resolve(MailConfiguration),
    mailTest: new MailTest({
      configuration: c.resolve(MailConfiguration),
      mailer: c.resolve<Mailer>(MAILER),
    }),
    passwordReset: c.resolve(PasswordReset),
    addressConfirmation: c.resolve(AddressConfirmation),
    singleSignOn: c.resolve(SingleSignOn),
    transfer: c.resolve(RecipeTransfer),
    drafts: c.resolve(RecipeDrafts),
  };
}

export function composeContainer(
  config: Config,
  database: Database,
  overrides: Overrides = {},
): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.register(CONFIG, { useValue: config });
  c.register(BACKGROUND, { useValue: new BackgroundWork() });
  c.register(DATABASE, { useValue: database });
  c.register(CLOCK, { useValue: overrides.clock ?? new SystemClock() });
  c.register(SECRETS, { useValue: new NodeSecrets() });
  c.register(PASSWORD_HASHER, { useValue: overrides.hasher ?? new BcryptPasswordHasher(config.bcryptCost) });
  // Hot reads are cached only while this instance hears every other instance's writes.
  const cache = new ReadCache();
  if (config.readCache) {
    const stop = keepCoherent(database, cache, {
      onChange: (state, reason) =>
        overrides.logger?.[state === 'off' ? 'warn' : 'info']({ reason }, `read cache ${state}`),
    });
    c.register(STOP_COHERENCE, { useValue: stop });
  }
  // Each outage of the database or the photo storage is said once in the log, with its reason.
  const outages = new OutageLog(overrides.logger);
  const store = createPostgresStore(database.db, { cache, onOutage: outages.reporter('database') });
  c.register(STORE, { useValue: store });
  c.register(METRICS, {
    useFactory: instanceCachingFactory(
      (k) =>
        new Metrics({
          database,
          ...(config.readCache ? { cache: () => cache.stats } : {}),
          renderer: () => k.resolve<ImageRenderer>(IMAGE_RENDERER),
          outbox: () => store.mailOutbox.counts(),
        }),
    ),
  });

  const core = coreDependencies;
  const service = <T>(token: new (deps: CoreDependencies) => T) =>
    c.register(token, { useFactory: instanceCachingFactory((k) => new token(core(k))) });

  service(SignInService);
  service(AccountSetup);
  service(ApiTokens);
  service(HouseholdSettingsService);
  service(RecipeMarks);
  service(RecipeSearch);
  service(PublicShares);
  service(LinkPreviews);
  service(RecipeComments);
  service(Housekeeping);

  // Photos and avatars: S3 when a bucket is configured, else files under the data directory.
  c.register(IMAGE_STORE, {
    useValue: createImageStore({
      dataDir: config.dataDir,
      s3: config.s3,
      onOutage: outages.reporter('photo storage'),
    }),
  });
  let renderer: ImageRenderer | undefined;
  c.register(IMAGE_RENDERER, {
    useFactory: instanceCachingFactory(
      () =>
        (renderer = createImageRenderer({ prefer: config.imageRenderer, concurrency: config.imageWorkers })),
    ),
  });
  c.register(CLOSE_RENDERER, { useValue: async () => renderer?.close() });
  c.register(ImageJanitor, {
    useFactory: instanceCachingFactory(
      (k) => new ImageJanitor({ ...core(k), images: k.resolve<ImageStore>(IMAGE_STORE) }),
    ),
  });
  const photoDeps = (k: DependencyContainer): PhotoDependencies => ({
    ...core(k),
    images: k.resolve<ImageStore>(IMAGE_STORE),
    renderer: k.resolve<ImageRenderer>(IMAGE_RENDERER),
    janitor: k.resolve(ImageJanitor),
  });
  c.register(RecipeCollection, {
    useFactory: instanceCachingFactory(
      (k) => new RecipeCollection({ ...core(k), janitor: k.resolve(ImageJanitor) }),
    ),
  });
  // Mail: the household's SMTP server (from the environment or the owner's settings), the outbox
  // that keeps what must go out, and the mails of accounts.
  c.register(MAILER, { useValue: overrides.mailer ?? new SmtpMailer() });
  c.register(MailConfiguration, {
    useFactory: instanceCachingFactory(
      (k) =>
        new MailConfiguration({
          settings: k.resolve<Store>(STORE).mailSettings,
          clock: k.resolve<Clock>(CLOCK),
          environment: { server: config.smtp ?? null, publicUrl: config.publicUrl ?? null },
        }),
    ),
  });
  c.register(MailOutbox, {
    useFactory: instanceCachingFactory((k) => {
      const outbox = new MailOutbox({
        store: k.resolve<Store>(STORE),
        clock: k.resolve<Clock>(CLOCK),
        mailer: k.resolve<Mailer>(MAILER),
        configuration: k.resolve(MailConfiguration),
      });
      outbox.onDelivered = (reports) => logDeliveries(overrides.logger, k.resolve<Metrics>(METRICS), reports);
      return outbox;
    }),
  });
  const mailDeps = (k: DependencyContainer) => ({
    accountMail: k.resolve(AccountMail),
    outbox: k.resolve(MailOutbox),
  });
  c.register(AccountMail, {
    useFactory: instanceCachingFactory(
      (k) =>
        new AccountMail({
          ...core(k),
          mail: k.resolve(MailConfiguration),
          outbox: k.resolve(MailOutbox),
          mailer: k.resolve<Mailer>(MAILER),
          identityProviderName: config.oidc?.name ?? null,
        }),
    ),
  });
  // Single sign-on: the household's one OpenID Connect provider, when named.
  const provider =
    overrides.identityProvider !== undefined
      ? overrides.identityProvider
      : config.oidc
        ? new OpenIdConnectProvider({
            issuer: config.oidc.issuer,
            clientId: config.oidc.clientId,
            clientSecret: config.oidc.clientSecret,
            displayName: config.oidc.name,
          })
        : null;
  // Registered only when there is one (the container keeps no null values).
  if (provider) c.register(IDENTITY_PROVIDER, { useValue: provider });
  c.register(SingleSignOn, {
    useFactory: instanceCachingFactory(
      (k) =>
        new SingleSignOn({
          ...core(k),
          provider,
          signIn: k.resolve(SignInService),
        }),
    ),
  });
  c.register(PasswordReset, {
    useFactory: instanceCachingFactory((k) => new PasswordReset({ ...core(k), ...mailDeps(k) })),
  });
  c.register(AddressConfirmation, {
    useFactory: instanceCachingFactory((k) => new AddressConfirmation({ ...core(k), ...mailDeps(k) })),
  });
  c.register(OwnAccount, {
    useFactory: instanceCachingFactory((k) => new OwnAccount({ ...core(k), ...mailDeps(k) })),
  });
  c.register(AccountManagement, {
    useFactory: instanceCachingFactory(
      (k) => new AccountManagement({ ...core(k), janitor: k.resolve(ImageJanitor), ...mailDeps(k) }),
    ),
  });
  c.register(RecipePhotos, { useFactory: instanceCachingFactory((k) => new RecipePhotos(photoDeps(k))) });
  // Moving recipes as zip files.
  c.register(ZIP_ARCHIVES, { useValue: new YazlZipArchives() });
  c.register(RecipeTransfer, {
    useFactory: instanceCachingFactory(
      (k) => new RecipeTransfer({ ...photoDeps(k), archives: k.resolve<ZipArchives>(ZIP_ARCHIVES) }),
    ),
  });
  // Drafts: recipe pages read from the public internet only (and the hosts the operator allows).
  c.register(PAGE_FETCHER, {
    useValue: overrides.pages ?? new GuardedPageFetcher({ allowHosts: config.draftAllowHosts }),
  });
  c.register(RecipeDrafts, {
    useFactory: instanceCachingFactory(
      (k) =>
        new RecipeDrafts({
          ...core(k),
          pages: k.resolve<PageFetcher>(PAGE_FETCHER),
          renderer: k.resolve<ImageRenderer>(IMAGE_RENDERER),
        }),
    ),
  });
  c.register(Avatars, { useFactory: instanceCachingFactory((k) => new Avatars(photoDeps(k))) });
  return c;
}
