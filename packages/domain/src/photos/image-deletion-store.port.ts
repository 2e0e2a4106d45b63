/** A stored file (or folder, when the key ends in `/`) still to be removed. */
export interface PendingImageDeletion {
  id: number;
  key: string;
  attempts: number;
}

/**
 * The to-do list of file removals. Uploads add one before writing files and drop it when they
 * commit. And deleting a row queues its files, in the same transaction, however the row goes
 * (cascades included) — the store keeps this promise itself, at the keys of `image-keys.ts`:
 * - a photo's row gone: `photoPrefix(recipeId, imageId)` (its folder);
 * - an account's picture replaced, cleared, or the account gone: `avatarKey(accountId, avatarId)`.
 * (On PostgreSQL, triggers of a frozen migration keep it; `image-file-triggers.test.ts` pins the
 * two together.)
 */
export interface PendingImageDeletionRepository {
  add(key: string, notBefore: Date): Promise<number>;
  remove(id: number): Promise<void>;
  /** Takes up to `limit` entries due at `now`, hiding them from other sweeps until `leaseUntil`. */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<PendingImageDeletion[]>;
  /** Records a failed attempt; the entry comes due again at `retryAt`. */
  failed(id: number, error: string, retryAt: Date): Promise<void>;
  count(): Promise<number>;
}
