import { type AttemptCount, type SignInAttemptRepository, type SpacingRule, spacingOf } from '@larder/domain';
import { sql } from 'kysely';
import type { Executor } from './executor.js';

export class PostgresSignInAttemptRepository implements SignInAttemptRepository {
  constructor(private readonly db: Executor) {}

  async count(key: string, now: Date, windowMs: number): Promise<AttemptCount> {
    const windowStart = new Date(now.getTime() - windowMs);
    const row = await this.db
      .insertInto('sign_in_attempts')
      .values({ key, attempts: 1, window_started_at: now, next_turn: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql<number>`case when sign_in_attempts.window_started_at < ${windowStart} then 1 else sign_in_attempts.attempts + 1 end`,
          window_started_at: sql<Date>`case when sign_in_attempts.window_started_at < ${windowStart} then ${now} else sign_in_attempts.window_started_at end`,
        }),
      )
      .returning(['attempts', 'window_started_at'])
      .executeTakeFirstOrThrow();
    return { attempts: row.attempts, windowStartedAt: row.window_started_at };
  }

  async uncount(key: string): Promise<void> {
    // One statement: the last attempt taken back takes the row with it.
    await sql`
      with gone as (delete from sign_in_attempts where key = ${key} and attempts <= 1 and next_turn is null)
      update sign_in_attempts set attempts = greatest(attempts - 1, 0)
      where key = ${key} and (attempts > 1 or next_turn is not null)`.execute(this.db);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('sign_in_attempts').where('key', '=', key).execute();
  }

  async nextTurn(key: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('sign_in_attempts')
      .select('next_turn')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.next_turn ?? null;
  }

  async takeTurn(key: string, now: Date, windowMs: number, rule: SpacingRule): Promise<Date> {
    const windowStart = new Date(now.getTime() - windowMs);
    // The failures that count, the spacing they ask for, and the turn, all in one statement.
    const failures = sql<number>`case when sign_in_attempts.window_started_at < ${windowStart} then 0 else sign_in_attempts.attempts end`;
    const spacingMs = sql<number>`case when ${failures} < ${rule.free} then 0
      else least(${rule.capMs}::float8, ${rule.stepMs}::float8 * power(2, ${failures} - ${rule.free})) end`;
    const row = await this.db
      .insertInto('sign_in_attempts')
      .values({ key, attempts: 0, window_started_at: now, next_turn: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: failures,
          window_started_at: sql<Date>`case when sign_in_attempts.window_started_at < ${windowStart} then ${now} else sign_in_attempts.window_started_at end`,
          next_turn: sql<Date>`greatest(coalesce(sign_in_attempts.next_turn, ${now}), ${now}) + ${spacingMs} * interval '1 millisecond'`,
        }),
      )
      .returning(['next_turn', 'attempts'])
      .executeTakeFirstOrThrow();
    // The turn taken is where the next one now starts, less the spacing this one added.
    const next = row.next_turn ?? now;
    return new Date(next.getTime() - spacingOf(row.attempts, rule));
  }

  async deleteEnded(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sign_in_attempts')
      .where('window_started_at', '<', before)
      .where((eb) => eb.or([eb('next_turn', 'is', null), eb('next_turn', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
