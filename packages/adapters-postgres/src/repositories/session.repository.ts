import type { Account, SessionRepository, StoredSession } from '@larder/domain';
import { accountFromRow } from './account.repository.js';
import { compiledOnce } from './compiled-once.js';
import { type Executor, isForeignKeyViolation } from './executor.js';

/** Who a credential belongs to: the row by its digest, with its account. */
const withAccount = compiledOnce(['digest'], (db, v) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .selectAll('a')
    .select([
      's.token_digest',
      's.account_id',
      's.created_at as session_created_at',
      's.expires_at',
      's.refreshed_at',
    ])
    .where('s.token_digest', '=', v.digest),
);

export class PostgresSessionRepository implements SessionRepository {
  constructor(private readonly db: Executor) {}

  async create(session: StoredSession): Promise<boolean> {
    try {
      await this.db
        .insertInto('sessions')
        .values({
          token_digest: session.tokenDigest,
          account_id: session.accountId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          refreshed_at: session.refreshedAt,
        })
        .execute();
      return true;
    } catch (error) {
      // The account was deleted while it was signing in.
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async findWithAccount(tokenDigest: string): Promise<{ session: StoredSession; account: Account } | null> {
    const [row] = await withAccount(this.db, { digest: tokenDigest });
    if (!row) return null;
    return {
      session: {
        tokenDigest: row.token_digest,
        accountId: row.account_id,
        createdAt: row.session_created_at,
        expiresAt: row.expires_at,
        refreshedAt: row.refreshed_at,
      },
      account: accountFromRow(row),
    };
  }

  async extend(tokenDigest: string, expiresAt: Date, refreshedAt: Date): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ expires_at: expiresAt, refreshed_at: refreshedAt })
      .where('token_digest', '=', tokenDigest)
      .execute();
  }

  async delete(tokenDigest: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_digest', '=', tokenDigest).execute();
  }

  async deleteAllOf(accountId: string, exceptDigest?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('account_id', '=', accountId);
    if (exceptDigest) query = query.where('token_digest', '!=', exceptDigest);
    await query.execute();
  }

  async deleteExpired(at: Date): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
