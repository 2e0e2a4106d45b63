/** A stored file (or folder, when the key ends in `/`) still to be removed. */
export interface PendingImageDeletion {
  id: number;
  key: string;
  attempts: number;
}

/**
 * The to-do list of file removals. The database adds entries itself whenever a photo
 * row or an avatar goes (cascades included), in the same transaction; uploads add one
 * before writing files and drop it when they commit.
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
