import type { ImageStore } from './image-store.port.js';
import type { PendingImageDeletion } from './image-deletion-store.port.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { addMs } from '../shared/time.js';

/** How long a sweep holds the entries it took before another sweep may take them. */
const LEASE_MS = 5 * 60 * 1000;
/** How old a store's temporary file must be before it counts as left behind (no write takes this long). */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;
/** Longest wait between two attempts at one entry. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface JanitorDependencies extends Pick<CoreDependencies, 'store' | 'clock'> {
  images: ImageStore;
}

export interface SweepResult {
  removed: number;
  failed: number;
}

/**
 * Works off the list of stored files to remove: those of deleted photos, recipes and
 * replaced or removed avatars, and those a failed or interrupted upload left. A file
 * the storage cannot remove now (an outage) is tried again later, waiting longer each
 * time, until it goes.
 */
export class ImageJanitor {
  constructor(private readonly deps: JanitorDependencies) {}

  /** Removes what is due, at most `limit` entries; never throws for a storage failure. */
  async sweep(limit = 100): Promise<SweepResult> {
    const now = this.deps.clock.now();
    const due = await this.deps.store.imageDeletions.claimDue(now, addMs(now, LEASE_MS), limit);
    const result: SweepResult = { removed: 0, failed: 0 };
    for (const entry of due) {
      if (await this.work(entry)) result.removed++;
      else result.failed++;
    }
    return result;
  }

  /**
   * Removes what interrupted writes left in the store more than `UPLOAD_GRACE_MS` ago (a store's
   * temporary files); never throws. Run now and then: it may walk the whole store.
   */
  async removeLeftovers(): Promise<number> {
    const { clock, images } = this.deps;
    try {
      return await images.removeLeftovers(addMs(clock.now(), -LEFTOVER_AGE_MS));
    } catch {
      return 0;
    }
  }

  /** Removes the files of one entry now (a failed upload's); true when they are gone. */
  async discard(entry: PendingImageDeletion): Promise<boolean> {
    return this.work(entry);
  }

  private async work(entry: PendingImageDeletion): Promise<boolean> {
    const { store, clock, images } = this.deps;
    try {
      const keys = entry.key.endsWith('/') ? await images.list(entry.key) : [entry.key];
      for (const key of keys) await images.delete(key);
      await store.imageDeletions.remove(entry.id);
      return true;
    } catch (error) {
      const wait = Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.min(entry.attempts, 10));
      try {
        await store.imageDeletions.failed(
          entry.id,
          (error as Error)?.message ?? String(error),
          addMs(clock.now(), wait),
        );
      } catch {
        // The database is gone too; the lease runs out and a later sweep takes the entry again.
      }
      return false;
    }
  }
}
