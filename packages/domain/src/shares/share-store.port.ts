import type { SharedRecipeRef, ShareListing, StoredShare } from './share.js';

export interface ShareRepository {
  /** The recipe as links show it ({id, slug, title}), or null when there is no such recipe. */
  recipeRef(recipeId: string): Promise<SharedRecipeRef | null>;
  /**
   * Inserts; `exists` when the creator already has an unrevoked link to the recipe, `gone` when the
   * recipe or the creator's account is no longer there (deleted meanwhile; inside a transaction,
   * that transaction can only be rolled back).
   */
  insert(share: StoredShare): Promise<'inserted' | 'exists' | 'gone'>;
  byId(id: string): Promise<ShareListing | null>;
  byTokenDigest(tokenDigest: string): Promise<ShareListing | null>;
  /** The creator's unrevoked link to a recipe (at most one), whatever its state. */
  unrevokedOf(recipeId: string, creatorId: string): Promise<ShareListing | null>;
  /** Unrevoked links whose own expiry is still ahead of `now`, newest first; one creator's, or everyone's. */
  listUnexpired(now: Date, creatorId?: string): Promise<ShareListing[]>;
  /** Marks a link revoked and forgets its raw token; false when it was revoked already or is unknown. */
  revoke(id: string, at: Date): Promise<boolean>;
  /** Revokes every unrevoked link of the household; answers how many. */
  revokeAll(at: Date): Promise<number>;
}
