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

/** What a write touches: the tags of the cached reads it changes, or everything. */
type Touched = readonly string[] | 'all';

/**
 * Repositories whose data the cached reads show, with the methods that only
 * read. Every other method of these repositories is a write (see WRITES).
 */
const READS: Partial<Record<keyof Repositories, string[]>> = {
  accounts: [
    'byId',
    'byUsername',
    'owner',
    'list',
    'count',
    'colorUsage',
    'byConfirmedEmail',
    'holdIfPresent',
  ],
  sessions: ['findWithAccount'],
  apiTokens: ['findWithAccount', 'byId', 'list'],
  settings: ['get', 'getForUpdate'],
  recipes: ['view', 'byId', 'existing', 'ids', 'bySourceKey', 'byIdForUpdate', 'viewForUpdate', 'slugsLike'],
  recipeListing: ['cards', 'tagCounts', 'authorCounts'],
  comments: ['readingState', 'listForRecipe', 'byId'],
  recipeImages: ['list', 'find'],
};

/** Tags: what a cached answer shows. `people` is everything that shows a member's name, colour or photo. */
const tag = {
  recipe: (id: unknown) => `recipe:${String(id)}`,
  account: (id: unknown) => `account:${String(id)}`,
  session: (digest: unknown) => `session:${String(digest)}`,
  token: (digest: unknown) => `token:${String(digest)}`,
  tokenId: (id: unknown) => `token-id:${String(id)}`,
  cards: 'cards',
  people: 'people',
  /** A recipe asked for and not found, or found by a former slug: any new recipe, or slug, may be it. */
  absent: 'recipes:absent',
};

interface CachedRead {
  key(args: unknown[]): string;
  tags(args: unknown[], value: unknown): readonly string[];
}

/** The cached reads: the key each call is kept under, and the tags of its answer. */
const CACHED: Partial<Record<keyof Repositories, Record<string, CachedRead>>> = {
  sessions: {
    findWithAccount: {
      key: ([digest]) => tag.session(digest),
      tags: ([digest], found) => {
        const account = (found as { account?: { id: string } } | null)?.account;
        return account ? [tag.session(digest), tag.account(account.id)] : [tag.session(digest)];
      },
    },
  },
  apiTokens: {
    findWithAccount: {
      key: ([digest]) => tag.token(digest),
      tags: ([digest], found) => {
        const hit = found as { token: { id: string }; account: { id: string } } | null;
        return hit
          ? [tag.token(digest), tag.tokenId(hit.token.id), tag.account(hit.account.id)]
          : [tag.token(digest)];
      },
    },
  },
  recipes: {
    view: {
      key: ([key, viewerId]) => `view:${JSON.stringify(key)}:${String(viewerId)}`,
      tags: ([key], view) => {
        const recipe = (view as { recipe?: { id: string; slug: string } } | null)?.recipe;
        if (!recipe) return [tag.absent];
        // Found by a slug it had before: a new recipe, or a rename, may take that slug.
        const asked = (key as { slug?: string }).slug;
        const formerly = asked !== undefined && asked !== recipe.slug;
        return formerly
          ? [tag.recipe(recipe.id), tag.people, tag.absent]
          : [tag.recipe(recipe.id), tag.people];
      },
    },
  },
  recipeListing: {
    cards: { key: ([query]) => `cards:${JSON.stringify(query)}`, tags: () => [tag.cards, tag.people] },
  },
  // Saving the settings is not in WRITES: it clears everything, this too.
  settings: { get: { key: () => 'settings', tags: () => ['settings'] } },
};

const ofRecipe = (recipeId: unknown): Touched => [tag.recipe(recipeId), tag.cards];

/**
 * What each write touches. A write of a repository in READS that is not named here touches
 * everything: a new method is safe by default, and only made finer on purpose.
 */
const WRITES: Partial<Record<keyof Repositories, Record<string, (args: unknown[]) => Touched>>> = {
  sessions: {
    create: ([session]) => [tag.session((session as { tokenDigest: string }).tokenDigest)],
    extend: ([digest]) => [tag.session(digest)],
    delete: ([digest]) => [tag.session(digest)],
    deleteAllOf: ([accountId]) => [tag.account(accountId)],
    // An expired session is refused by the use case whatever the cache holds, and deleted one by one there.
    deleteExpired: () => [],
  },
  apiTokens: {
    insert: ([token]) => [tag.token((token as { tokenDigest: string }).tokenDigest)],
    markUsed: ([id]) => [tag.tokenId(id)],
    delete: ([id]) => [tag.tokenId(id)],
    // A cached token lookup carries its owner's account tag.
    deleteAllOf: ([ownerId]) => [tag.account(ownerId)],
  },
  accounts: {
    insert: () => [],
    update: ([id]) => [tag.account(id), tag.people],
    claimMailSlot: ([id]) => [tag.account(id)],
  },
  // Folding the kept counts changes no total: nothing cached is touched.
  recipeListing: { foldKeptCounts: () => [] },
  recipes: {
    insert: () => [tag.cards, tag.absent],
    replace: ([recipe]) => [tag.recipe((recipe as { id: string }).id), tag.cards, tag.absent],
    delete: ([id]) => ofRecipe(id),
    addFavorite: ([recipeId]) => ofRecipe(recipeId),
    removeFavorite: ([recipeId]) => ofRecipe(recipeId),
    addTasty: ([recipeId]) => ofRecipe(recipeId),
    removeTasty: ([recipeId]) => ofRecipe(recipeId),
  },
  recipeImages: {
    insert: ([photo]) => ofRecipe((photo as { recipeId: string }).recipeId),
    delete: ([recipeId]) => ofRecipe(recipeId),
    setCover: ([recipeId]) => ofRecipe(recipeId),
    setPositions: ([recipeId]) => ofRecipe(recipeId),
  },
  // Cards show whether a recipe has comments new to the viewer.
  comments: {
    insert: () => [tag.cards],
    updateBody: () => [tag.cards],
    delete: () => [tag.cards],
    markSeen: () => [tag.cards],
  },
};

/**
 * NOTIFY payloads carry the tags, comma-separated, and `from:<origin>`, the cache of the instance
 * that wrote; an empty payload means everything. An instance has already cleared what its own
 * writes touched, at once and after commit: its own notice, arriving later, is passed over, or it
 * would throw away reads cached since. (An instance of an earlier version reads `from:…` as a tag
 * no entry has.)
 */
const MAX_NOTICE = 7000;
const FROM = 'from:';

function noticeOf(touched: Touched, origin: string): string {
  if (touched === 'all') return '';
  const text = [...new Set(touched), `${FROM}${origin}`].join(',');
  return text.length > MAX_NOTICE ? '' : text;
}

/** The tags a notice names (undefined: everything), or null when `origin` sent it. */
export function tagsOfNotice(payload: string, origin: string): readonly string[] | undefined | null {
  if (payload === '') return undefined;
  const tags = payload.split(',');
  return tags.includes(`${FROM}${origin}`) ? null : tags.filter((tag) => !tag.startsWith(FROM));
}

function invalidate(cache: ReadCache, touched: Touched): void {
  cache.invalidate(touched === 'all' ? undefined : touched);
}

/** The tags a transaction's writes touched so far, cleared again once it commits. */
interface WriteTracker {
  touched: Set<string> | 'all' | null;
}

function track(tracker: WriteTracker, touched: Touched): void {
  if (tracker.touched === 'all') return;
  if (touched === 'all') {
    tracker.touched = 'all';
    return;
  }
  tracker.touched ??= new Set();
  for (const t of touched) tracker.touched.add(t);
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
    const writes = WRITES[name] ?? {};
    // One wrapper per method, made on first use: hot reads allocate no new function per call.
    const wrappers = new Map<string, unknown>();
    const wrap = (object: Repo, property: string, method: (...args: unknown[]) => Promise<unknown>) => {
      const read = cached[property];
      // Inside a transaction reads go to the database: they may see its own writes.
      if (read && !tracker) {
        return (...args: unknown[]) =>
          cache.read(
            read.key(args),
            (value) => read.tags(args, value),
            () => method.apply(object, args),
          );
      }
      if (reads.has(property)) return method.bind(object);
      const touches = writes[property];
      return async (...args: unknown[]) => {
        const touched: Touched = touches ? touches(args) : 'all';
        if (touched !== 'all' && touched.length === 0) return method.apply(object, args);
        invalidate(cache, touched);
        if (tracker) track(tracker, touched);
        try {
          return await method.apply(object, args);
        } finally {
          invalidate(cache, touched);
          // Delivered to every listening instance when the surrounding transaction commits.
          await sql`select pg_notify(${READS_CHANGED_CHANNEL}, ${noticeOf(touched, cache.origin)})`
            .execute(db)
            .catch(() => undefined);
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
  /** Told the cause of every failure answered as an outage (the composition root logs it once). */
  onOutage?: (cause: unknown) => void;
}

/**
 * Every repository method, and transactions, answer a database that does not answer with the
 * domain's `ServiceUnavailable` (a 503 with Retry-After), never a driver's error.
 */
function withOutageTranslation(store: Store, onOutage: StoreOptions['onOutage']): Store {
  const out: Record<string, unknown> = {
    transaction: (work: Parameters<Store['transaction']>[0]) =>
      translatingOutage(() => store.transaction(work), onOutage),
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
          wrapper = (...args: unknown[]) => translatingOutage(() => method.apply(object, args), onOutage);
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
  const { cache, onOutage } = options;
  if (!cache) {
    return withOutageTranslation(
      {
        ...repositoriesOn(db),
        transaction: (work) => db.transaction().execute((trx) => work(repositoriesOn(trx))),
      },
      onOutage,
    );
  }
  return withOutageTranslation(
    {
      ...withCache(repositoriesOn(db), db, cache, null),
      transaction: async (work) => {
        const tracker: WriteTracker = { touched: null };
        try {
          return await db
            .transaction()
            .execute((trx) => work(withCache(repositoriesOn(trx), trx, cache, tracker)));
        } finally {
          // Reads between a write and its commit may have cached the old state.
          if (tracker.touched === 'all') cache.invalidate();
          else if (tracker.touched) cache.invalidate([...tracker.touched]);
        }
      },
    },
    onOutage,
  );
}
