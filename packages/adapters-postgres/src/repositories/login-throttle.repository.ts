import type { LoginThrottleRepository, ThrottleState } from '@larder/domain';
import { sql } from 'kysely';
import type { Executor } from './executor.js';

export class PostgresLoginThrottleRepository implements LoginThrottleRepository {
  constructor(private readonly db: Executor) {}

  async state(key: string): Promise<ThrottleState | null> {
    const row = await this.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('username_key', '=', key)
      .executeTakeFirst();
    return row ? { failures: row.failures, windowStartedAt: row.window_started_at } : null;
  }

  async recordFailure(key: string, at: Date, windowSeconds: number): Promise<ThrottleState> {
    const windowStart = new Date(at.getTime() - windowSeconds * 1000);
    const row = await this.db
      .insertInto('login_throttle')
      .values({ username_key: key, failures: 1, window_started_at: at })
      .onConflict((oc) =>
        oc.column('username_key').doUpdateSet({
          failures: sql<number>`case when login_throttle.window_started_at < ${windowStart} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<Date>`case when login_throttle.window_started_at < ${windowStart} then ${at} else login_throttle.window_started_at end`,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
    return { failures: row.failures, windowStartedAt: row.window_started_at };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('username_key', '=', key).execute();
  }

  async deleteEnded(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('login_throttle')
      .where('window_started_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
