import type { HouseholdSettings } from '../settings/household-settings.js';
import { DAY_MS, addMs } from '../shared/time.js';

/**
 * A public link to one recipe, made by one member. Its state is never stored:
 * it is worked out on every read from the link, its creator and the household
 * settings, so a paused or limited link comes back by itself once the cause is undone.
 */
export interface StoredShare {
  id: string;
  recipeId: string;
  /** Who made the link; null once their account is gone. */
  createdById: string | null;
  /**
   * The raw token, kept while the link lives so its creator can copy the path
   * again (the list, the 409 and the by-recipe answer all carry it). Cleared when
   * the link is revoked or retired; lookups go through `tokenDigest` only.
   */
  token: string | null;
  /** SHA-256 of the token: what a public read looks the link up by. */
  tokenDigest: string;
  createdAt: Date;
  /** The link's own expiry; null: it does not expire by itself. */
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What the state of a link depends on about its creator. */
export interface ShareCreator {
  id: string;
  displayName: string;
  color: string;
  canSharePublicly: boolean;
}

export interface SharedRecipeRef {
  id: string;
  slug: string;
  title: string;
}

/** A link together with what a listing shows next to it. */
export interface ShareListing {
  share: StoredShare;
  recipe: SharedRecipeRef;
  creator: ShareCreator | null;
}

/**
 * - `revoked`: its creator or an admin took it back (for good);
 * - `expired`: its own expiry passed (for good);
 * - `paused`: public sharing is off for the household, or the creator may no longer
 *   share publicly, or the creator's account is gone;
 * - `limited`: it is older than the household's maximum lifetime;
 * - `active`: it serves the recipe.
 * Paused and limited links revive when the setting or right is given back.
 */
export const SHARE_STATUSES = ['active', 'paused', 'limited', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** States in which a link still exists for its creator (listed, returned by a 409). */
export const LIVE_SHARE_STATUSES = ['active', 'paused', 'limited'] as const;
export type LiveShareStatus = (typeof LIVE_SHARE_STATUSES)[number];

export type ShareRules = Pick<HouseholdSettings, 'publicShares' | 'publicShareMaxDays'>;

export function shareStatus(
  share: StoredShare,
  creator: ShareCreator | null,
  rules: ShareRules,
  now: Date,
): ShareStatus {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && share.expiresAt <= now) return 'expired';
  if (!rules.publicShares || !creator || !creator.canSharePublicly) return 'paused';
  const limit = maximumLifetimeEnd(share, rules);
  if (limit && limit <= now) return 'limited';
  return 'active';
}

export function isLive(status: ShareStatus): status is LiveShareStatus {
  return (LIVE_SHARE_STATUSES as readonly string[]).includes(status);
}

/** When the household maximum ends this link, counted from its creation; null without a maximum. */
export function maximumLifetimeEnd(
  share: StoredShare,
  rules: Pick<ShareRules, 'publicShareMaxDays'>,
): Date | null {
  return rules.publicShareMaxDays === null ? null : addMs(share.createdAt, rules.publicShareMaxDays * DAY_MS);
}

/** The earlier of the link's own expiry and the household maximum; null: permanent. */
export function effectiveExpiry(
  share: StoredShare,
  rules: Pick<ShareRules, 'publicShareMaxDays'>,
): Date | null {
  const limit = maximumLifetimeEnd(share, rules);
  if (!share.expiresAt) return limit;
  if (!limit) return share.expiresAt;
  return share.expiresAt < limit ? share.expiresAt : limit;
}

/** Where a link opens, relative to the service's base URL. */
export function sharePath(token: string): string {
  return `/s/${token}`;
}

/** Share tokens are 32 random bytes, base64url: 43 characters, 256 bits. */
export const SHARE_TOKEN_BYTES = 32;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
