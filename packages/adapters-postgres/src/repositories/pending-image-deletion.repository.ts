import type { PendingImageDeletion, PendingImageDeletionRepository } from '@larder/domain';
import { sql } from 'kysely';
import type { Executor } from './executor.js';

export class PostgresPendingImageDeletionRepository implements PendingImageDeletionRepository {
  constructor(private readonly db: Executor) {}

  async add(key: string, notBefore: Date): Promise<number> {
    const row = await this.db
      .insertInto('pending_image_deletions')
      .values({ key, not_before: notBefore, last_error: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async remove(id: number): Promise<void> {
    await this.db
      .deleteFrom('pending_image_deletions')
      .where('id', '=', id as never)
      .execute();
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<PendingImageDeletion[]> {
    // One statement: rows another sweep has locked are skipped, and the lease pushes
    // the claimed rows out of everyone else's reach until it runs out. The database's triggers
    // stamp rows with its own clock (microseconds): a row written a moment ago is due by the
    // database's `now()` even when the caller's millisecond clock, or another host's, is behind.
    const { rows } = await sql<{ id: number | string; key: string; attempts: number }>`
      update pending_image_deletions d set not_before = ${leaseUntil}
      where d.id in (
        select id from pending_image_deletions
        where not_before <= greatest(${now}::timestamptz, now())
        order by not_before, id
        limit ${limit}
        for update skip locked)
      returning d.id, d.key, d.attempts`.execute(this.db);
    return rows.map((r) => ({ id: Number(r.id), key: r.key, attempts: r.attempts }));
  }

  async failed(id: number, error: string, retryAt: Date): Promise<void> {
    await sql`
      update pending_image_deletions
      set attempts = attempts + 1, last_error = ${error.slice(0, 500)}, not_before = ${retryAt}
      where id = ${id}`.execute(this.db);
  }

  async count(): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pending_image_deletions`.execute(
      this.db,
    );
    return rows[0]?.n ?? 0;
  }
}
