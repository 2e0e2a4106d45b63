/**
 * A small read-through cache for the hottest reads (a session with its account,
 * a recipe as a member sees it, a page of recipe cards). It never decides
 * anything: every write through a repository whose data those reads show
 * clears it at once and again after its transaction commits, and tells the
 * other instances on the same database (PostgreSQL NOTIFY, delivered at
 * commit) to clear theirs. Entries also expire after a short time, and the
 * cache is off for as long as it cannot hear the other instances (see `keepCoherent`).
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  /** Moves on every invalidation, so a read that raced a write is not kept. */
  private generation = 0;
  private enabled: boolean;

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

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.enabled) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value: deepFreeze(value), expires: now + this.ttlMs });
    }
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
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
}

/** Cached values are shared between requests: freezing them makes any accidental change fail loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  }
  return value;
}
