import { randomUUID } from 'node:crypto';
import { deepFreeze } from '@larder/domain';

/**
 * A small read-through cache for the hottest reads (a session or an API token with its account, a
 * recipe as a member sees it, a page of recipe cards). It never decides anything. Every entry
 * carries tags naming what it shows (`recipe:<id>`, `account:<id>`, `cards`, …); every write
 * through a repository whose data those reads show clears the entries of the tags it touches at
 * once and again after its transaction commits, and tells the other instances on the same
 * database (PostgreSQL NOTIFY, delivered at commit) to clear theirs. Entries also expire after a
 * short time, and the cache is off for as long as it cannot hear the other instances (see
 * `keepCoherent`).
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number; tags: readonly string[] }>();
  private readonly keysOfTag = new Map<string, Set<string>>();
  /** Moves on every invalidation. */
  private clock = 0;
  /** When each tag was last invalidated (by `clock`), so a read that raced a write of it is not kept. */
  private readonly touched = new Map<string, number>();
  /** When everything was last invalidated. */
  private clearedAt = 0;
  private enabled: boolean;
  private hits = 0;
  private misses = 0;
  /** Names this cache in the notices of its writes, so that it passes over its own. */
  readonly origin = randomUUID();

  constructor(
    enabled = false,
    private readonly maxEntries = 5000,
    private readonly ttlMs = 30_000,
  ) {
    this.enabled = enabled;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Reads served from the cache and reads that went to the database, since the start. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }

  /**
   * The value under `key`, loaded (and kept, tagged with `tagsOf(value)`) when absent. A value
   * whose tags were invalidated while it was loading is answered but not kept.
   */
  async read<T>(key: string, tagsOf: (value: T) => readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) {
      this.hits++;
      return hit.value as T;
    }
    this.misses++;
    const started = this.clock;
    const value = await load();
    if (!this.enabled || this.clearedAt > started) return value;
    const tags = tagsOf(value);
    if (tags.some((tag) => (this.touched.get(tag) ?? 0) > started)) return value;
    this.remove(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    // Shared between requests: frozen, so that any accidental change fails loudly.
    this.entries.set(key, { value: deepFreeze(value), expires: now + this.ttlMs, tags });
    for (const tag of tags) {
      let keys = this.keysOfTag.get(tag);
      if (!keys) this.keysOfTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return value;
  }

  /** Forgets the entries of these tags; without tags, everything. */
  invalidate(tags?: readonly string[]): void {
    this.clock++;
    if (tags === undefined) {
      this.clearedAt = this.clock;
      this.entries.clear();
      this.keysOfTag.clear();
      this.touched.clear();
      return;
    }
    // The record of touched tags only matters to reads under way; it is kept small.
    if (this.touched.size > 10_000) {
      this.touched.clear();
      this.clearedAt = this.clock;
    }
    for (const tag of tags) {
      this.touched.set(tag, this.clock);
      const keys = this.keysOfTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  get on(): boolean {
    return this.enabled;
  }

  /** Starts caching: invalidations from other instances can be heard (again), so nothing old is kept. */
  enable(): void {
    this.invalidate();
    this.enabled = true;
  }

  /** Stops caching and forgets everything: invalidations from other instances can no longer be heard. */
  disable(): void {
    this.enabled = false;
    this.invalidate();
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfTag.delete(tag);
    }
  }
}
