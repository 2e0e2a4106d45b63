import type { Repositories, Store } from '@larder/domain';
import { type Kysely, sql } from 'kysely';
import { translatingOutage } from './outage.js';
import { ReadCache } from './read-cache.js';
import { PostgresAccountRepository } from './repositories/account.repository.js';
import { PostgresApiTokenRepository } from './repositories/api-token.repository.js';
import { PostgresAppSecretRepository } from './repositories/app-secret.repository.js';
import { PostgresCommentRepository } from './repositories/comment.repository.js';
import type { Executor } from './repositories/executor.js';
import { PostgresHouseholdSettingsRepository } from './repositories/household-settings.repository.js';
import { PostgresSignInAttemptRepository } from './repositories/sign-in-attempt.repository.js';
import { PostgresMailSettingsRepository } from './repositories/mail-settings.repository.js';
import { PostgresMailOutboxRepository } from './repositories/mail-outbox.repository.js';
import { PostgresIdentityRepository } from './repositories/identity.repository.js';
import { PostgresSignInFlowRepository } from './repositories/sign-in-flow.repository.js';
import { PostgresOneTimeLinkRepository } from './repositories/one-time-link.repository.js';
import { PostgresPendingImageDeletionRepository } from './repositories/pending-image-deletion.repository.js';
import { PostgresRecipeImageRepository } from './repositories/recipe-image.repository.js';
import { PostgresRecipeRepository } from './repositories/recipe.repository.js';
import { PostgresRecipeListingRepository } from './repositories/recipe-listing.repository.js';
import { PostgresSessionRepository } from './repositories/session.repository.js';
import { PostgresShareRepository } from './repositories/share.repository.js';
import type { LarderDatabase } from './schema.js';

/** The channel on which instances tell each other that cached reads are stale. */
export const READS_CHANGED_CHANNEL = 'larder_reads_changed';

function repositoriesOn(db: Executor): Repositories {
  return {
    accounts: new PostgresAccountRepository(db),
    sessions: new PostgresSessionRepository(db),
    apiTokens: new PostgresApiTokenRepository(db),
    links: new PostgresOneTimeLinkRepository(db),
    signInAttempts: new PostgresSignInAttemptRepository(db),
    mailSettings: new PostgresMailSettingsRepository(db),
    mailOutbox: new PostgresMailOutboxRepository(db),
    identities: new PostgresIdentityRepository(db),
    signInFlows: new PostgresSignInFlowRepository(db),
    settings: new PostgresHouseholdSettingsRepository(db),
    recipes: new PostgresRecipeRepository(db),
    recipeListing: new PostgresRecipeListingRepository(db),
    shares: new PostgresShareRepository(db),
    appSecrets: new PostgresAppSecretRepository(db),
    comments: new PostgresCommentRepository(db),
    recipeImages: new PostgresRecipeImageRepository(db),
    imageDeletions: new PostgresPendingImageDeletionRepository(db),
  };
}

type Repo = Record<string, (...args: unknown[]) => Promise<unknown>>;

/**
 * Repositories whose data the cached reads show, with the methods that only
 * read. Every other method of these repositories counts as a write and clears
 * the cache: a new method is safe by default.
 */
const READS: Partial<Record<keyof Repositories, string[]>> = {
  accounts: ['byId', 'byUsername', 'owner', 'list', 'count', 'colorUsage', 'byConfirmedEmail'],
  sessions: ['findWithAccount'],
  settings: ['get', 'getForUpdate'],
  recipes: ['view', 'byId', 'existing', 'ids', 'bySourceKey', 'byIdForUpdate', 'lockSlugs', 'slugsLike'],
  recipeListing: ['cards', 'tagCounts', 'authorCounts'],
  comments: ['readingState', 'listForRecipe', 'byId'],
  recipeImages: ['list', 'find'],
};

/** The cached reads and the key each call is kept under. */
const CACHED: Partial<Record<keyof Repositories, Record<string, (args: unknown[]) => string>>> = {
  sessions: { findWithAccount: ([digest]) => `session:${String(digest)}` },
  recipes: { view: ([key, viewerId]) => `view:${JSON.stringify(key)}:${String(viewerId)}` },
  recipeListing: { cards: ([query]) => `cards:${JSON.stringify(query)}` },
};

interface WriteTracker {
  wrote: boolean;
}

function withCache(
  repos: Repositories,
  db: Executor,
  cache: ReadCache,
  tracker: WriteTracker | null,
): Repositories {
  const out: Record<string, unknown> = { ...repos };
  for (const name of Object.keys(READS) as Array<keyof Repositories>) {
    const target = repos[name] as unknown as Repo;
    const reads = new Set(READS[name]);
    const cached = CACHED[name] ?? {};
    // One wrapper per method, made on first use: hot reads allocate no new function per call.
    const wrappers = new Map<string, unknown>();
    const wrap = (object: Repo, property: string, method: (...args: unknown[]) => Promise<unknown>) => {
      const keyOf = cached[property];
      // Inside a transaction reads go to the database: they may see its own writes.
      if (keyOf && !tracker)
        return (...args: unknown[]) => cache.read(keyOf(args), () => method.apply(object, args));
      if (reads.has(property)) return method.bind(object);
      return async (...args: unknown[]) => {
        cache.invalidate();
        if (tracker) tracker.wrote = true;
        try {
          return await method.apply(object, args);
        } finally {
          cache.invalidate();
          // Delivered to every listening instance when the surrounding transaction commits.
          await sql`select pg_notify(${READS_CHANGED_CHANNEL}, '')`.execute(db).catch(() => undefined);
        }
      };
    };
    out[name] = new Proxy(target, {
      get(object, property, receiver) {
        const member = Reflect.get(object, property, receiver) as unknown;
        if (typeof member !== 'function' || typeof property !== 'string') return member;
        let wrapper = wrappers.get(property);
        if (!wrapper) {
          wrapper = wrap(object, property, member as (...args: unknown[]) => Promise<unknown>);
          wrappers.set(property, wrapper);
        }
        return wrapper;
      },
    });
  }
  return out as unknown as Repositories;
}

export interface StoreOptions {
  /** The cache of hot reads; absent: every read goes to the database. */
  cache?: ReadCache;
}

/**
 * Every repository method, and transactions, answer a database that does not answer with the
 * domain's `ServiceUnavailable` (a 503 with Retry-After), never a driver's error.
 */
function withOutageTranslation(store: Store): Store {
  const out: Record<string, unknown> = {
    transaction: (work: Parameters<Store['transaction']>[0]) =>
      translatingOutage(() => store.transaction(work)),
  };
  for (const name of Object.keys(store) as Array<keyof Store>) {
    if (name === 'transaction') continue;
    const target = store[name] as unknown as Repo;
    const wrappers = new Map<string, unknown>();
    out[name] = new Proxy(target, {
      get(object, property, receiver) {
        const member = Reflect.get(object, property, receiver) as unknown;
        if (typeof member !== 'function' || typeof property !== 'string') return member;
        let wrapper = wrappers.get(property);
        if (!wrapper) {
          const method = member as (...args: unknown[]) => Promise<unknown>;
          wrapper = (...args: unknown[]) => translatingOutage(() => method.apply(object, args));
          wrappers.set(property, wrapper);
        }
        return wrapper;
      },
    });
  }
  return out as unknown as Store;
}

/** The domain's store on PostgreSQL (through `pg` or PGlite: the same SQL). */
export function createPostgresStore(db: Kysely<LarderDatabase>, options: StoreOptions = {}): Store {
  const { cache } = options;
  if (!cache) {
    return withOutageTranslation({
      ...repositoriesOn(db),
      transaction: (work) => db.transaction().execute((trx) => work(repositoriesOn(trx))),
    });
  }
  return withOutageTranslation({
    ...withCache(repositoriesOn(db), db, cache, null),
    transaction: async (work) => {
      const tracker: WriteTracker = { wrote: false };
      try {
        return await db
          .transaction()
          .execute((trx) => work(withCache(repositoriesOn(trx), trx, cache, tracker)));
      } finally {
        // Reads between a write and its commit may have cached the old state.
        if (tracker.wrote) cache.invalidate();
      }
    },
  });
}
