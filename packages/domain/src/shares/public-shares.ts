import { isAdmin } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { HouseholdSettings } from '../settings/household-settings.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { DAY_MS, addMs } from '../shared/time.js';
import { Conflict, Forbidden, NotFound, removedWhile } from '../shared/errors.js';
import { type PublicRecipe, publicViewOf } from './public-recipe.js';
import { resolveShareDays } from './share-days.js';
import { recipeNotFound } from '../recipes/recipe-errors.js';
import {
  type LiveShareStatus,
  SHARE_TOKEN_BYTES,
  SHARE_TOKEN_PATTERN,
  type ShareListing,
  type SharedRecipeRef,
  type StoredShare,
  effectiveExpiry,
  isLive,
  sharePath,
  shareStatus,
} from './share.js';

/** A link as its creator (or an admin) sees it. */
export interface ShareView {
  id: string;
  /** `/s/<token>`: where the link opens. */
  path: string;
  status: LiveShareStatus;
  createdAt: Date;
  /** Effective expiry: the earlier of the link's own and the household maximum; null: permanent. */
  expiresAt: Date | null;
  /** Null once the creator's account is gone. */
  createdBy: { id: string; displayName: string; color: string } | null;
  recipe: SharedRecipeRef;
}

export type RefusalReason = 'sharing-off' | 'not-allowed';

/** Creating a link was refused by a household rule; `reason` says which. */
export class ShareRefused extends Forbidden {
  constructor(readonly reason: RefusalReason) {
    super(
      reason === 'sharing-off' ? 'shares.sharing_off' : 'shares.not_allowed',
      reason === 'sharing-off'
        ? 'Public sharing is switched off for this household.'
        : 'You may not share recipes publicly; an admin has withdrawn that right.',
      { reason },
    );
  }
}

/** The caller already has a live link to the recipe: here it is. */
export class ShareExists extends Conflict {
  constructor(readonly share: ShareView) {
    super('shares.exists', 'You already have a public link to this recipe.');
  }
}

/** Every dead public link (unknown, revoked, paused, limited, expired) ends here, alike. */
export class ShareNotAvailable extends NotFound {
  constructor() {
    super('shares.not_available', 'This link is not available.');
  }
}

/** The recipe or the caller's account was deleted between its reading and the link's insert. */
class TargetGone extends Error {}

/** Reads as a public link has no reader: nobody's marks are looked up. */
const NO_READER = '';

/** A link that serves its recipe right now. */
export interface OpenShare {
  share: StoredShare;
  recipeId: string;
  /** Whether the public page names the service at its foot. */
  attribution: boolean;
}

/** Public links: made by members, read by anyone holding the token. */
export class PublicShares {
  constructor(private readonly deps: Pick<CoreDependencies, 'store' | 'clock' | 'secrets'>) {}

  async create(caller: Caller, recipeId: string, days: number | null | undefined): Promise<ShareView> {
    const { store, clock, secrets } = this.deps;
    assertSession(caller);
    const settings = await store.settings.get();
    if (!settings.publicShares) throw new ShareRefused('sharing-off');
    if (!caller.account.canSharePublicly) throw new ShareRefused('not-allowed');
    const recipe = await store.shares.recipeRef(recipeId);
    if (!recipe) throw recipeNotFound();
    const lifetime = resolveShareDays(days, settings);

    const now = clock.now();
    const created = await store
      .transaction(async (tx) => {
        const existing = await tx.shares.unrevokedOf(recipe.id, caller.account.id);
        if (existing) {
          const view = viewOf(existing, settings, now);
          if (view) throw new ShareExists(view);
          // The caller's old link expired for good: retire it so the new one can take its place.
          await tx.shares.revoke(existing.share.id, now);
        }
        const token = secrets.randomToken(SHARE_TOKEN_BYTES);
        const share: StoredShare = {
          id: secrets.newId(),
          recipeId: recipe.id,
          createdById: caller.account.id,
          token,
          tokenDigest: secrets.digest(token),
          createdAt: now,
          expiresAt: lifetime === null ? null : addMs(now, lifetime * DAY_MS),
          revokedAt: null,
        };
        const outcome = await tx.shares.insert(share);
        // Deleted since they were read: the transaction can only be rolled back.
        if (outcome === 'gone') throw new TargetGone();
        return outcome === 'inserted' ? share : null;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof TargetGone)) throw error;
        if (!(await store.accounts.byId(caller.account.id))) throw removedWhile('the link was made');
        throw recipeNotFound();
      });
    if (!created) {
      // A request racing this one made the caller's link first.
      const winner = await store.shares.unrevokedOf(recipe.id, caller.account.id);
      const view = winner ? viewOf(winner, settings, clock.now()) : null;
      if (view) throw new ShareExists(view);
      throw new Conflict('shares.busy', 'Another request is changing this link; try again.');
    }
    const { account } = caller;
    const creator = {
      id: account.id,
      displayName: account.displayName,
      color: account.color,
      canSharePublicly: true,
    };
    const view = viewOf({ share: created, recipe, creator }, settings, now);
    if (!view) throw new Error('a new share must be live');
    return view;
  }

  /** The caller's own live links, newest first; with `all`, an admin gets everyone's. */
  async list(caller: Caller, all = false): Promise<ShareView[]> {
    const { store, clock } = this.deps;
    assertSession(caller);
    if (all && !isAdmin(caller.account)) {
      throw new Forbidden('shares.admins_only', "Only admins list everyone's public links.");
    }
    const settings = await store.settings.get();
    const now = clock.now();
    const rows = await store.shares.listUnexpired(now, all ? undefined : caller.account.id);
    return rows.map((row) => viewOf(row, settings, now)).filter((v): v is ShareView => v !== null);
  }

  /** The caller's live link to a recipe; null when there is none or no such recipe. */
  async mineFor(caller: Caller, recipeId: string): Promise<ShareView | null> {
    const { store, clock } = this.deps;
    assertSession(caller);
    const row = await store.shares.unrevokedOf(recipeId, caller.account.id);
    if (!row) return null;
    return viewOf(row, await store.settings.get(), clock.now());
  }

  /** Revokes one's own link, or anyone's as an admin; it stops working at once. */
  async revoke(caller: Caller, id: string): Promise<void> {
    const { store, clock } = this.deps;
    assertSession(caller);
    const row = await store.shares.byId(id);
    const mayRevoke = row && (row.share.createdById === caller.account.id || isAdmin(caller.account));
    if (!row || row.share.revokedAt || !mayRevoke) throw shareNotFound();
    if (!(await store.shares.revoke(id, clock.now()))) throw shareNotFound();
  }

  /** Revokes every public link of the household (admins). */
  async revokeAll(caller: Caller): Promise<number> {
    const { store, clock } = this.deps;
    assertSession(caller);
    if (!isAdmin(caller.account)) {
      throw new Forbidden('shares.admins_only', 'Only admins revoke every public link.');
    }
    return store.shares.revokeAll(clock.now());
  }

  /** The link behind a raw token while it serves its recipe; ShareNotAvailable for every other case. */
  async open(token: string): Promise<OpenShare> {
    const { store, clock, secrets } = this.deps;
    if (!SHARE_TOKEN_PATTERN.test(token)) throw new ShareNotAvailable();
    const row = await store.shares.byTokenDigest(secrets.digest(token));
    if (!row) throw new ShareNotAvailable();
    const settings = await store.settings.get();
    if (shareStatus(row.share, row.creator, settings, clock.now()) !== 'active')
      throw new ShareNotAvailable();
    return { share: row.share, recipeId: row.share.recipeId, attribution: settings.publicShareAttribution };
  }

  /** The recipe behind a live link, as the public may read it. */
  async read(token: string): Promise<PublicRecipe> {
    const open = await this.open(token);
    const view = await this.deps.store.recipes.view({ id: open.recipeId }, NO_READER);
    if (!view) throw new ShareNotAvailable();
    return publicViewOf(view.recipe, view, open.attribution);
  }

  /** Where a photo of the recipe behind a live link is kept; ShareNotAvailable for a photo of anything else. */
  async photo(token: string, imageId: string): Promise<{ recipeId: string; imageId: string }> {
    const open = await this.open(token);
    const view = await this.deps.store.recipes.view({ id: open.recipeId }, NO_READER);
    if (!view || !view.images.some((image) => image.id === imageId)) throw new ShareNotAvailable();
    return { recipeId: open.recipeId, imageId };
  }
}

/** A listing as shown to its creator or an admin; null when the link is dead. */
export function viewOf(row: ShareListing, settings: HouseholdSettings, now: Date): ShareView | null {
  const status = shareStatus(row.share, row.creator, settings, now);
  if (!isLive(status) || !row.share.token) return null;
  const { creator } = row;
  return {
    id: row.share.id,
    path: sharePath(row.share.token),
    status,
    createdAt: row.share.createdAt,
    expiresAt: effectiveExpiry(row.share, settings),
    createdBy: creator ? { id: creator.id, displayName: creator.displayName, color: creator.color } : null,
    recipe: row.recipe,
  };
}

function assertSession(caller: Caller): void {
  if (caller.via !== 'session') {
    throw new Forbidden('auth.session_only', 'Public links are managed from a signed-in session.');
  }
}

function shareNotFound(): NotFound {
  return new NotFound('shares.not_found', 'No such public link.');
}
