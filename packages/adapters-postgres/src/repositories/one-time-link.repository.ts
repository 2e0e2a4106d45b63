import type { LinkPurpose, OneTimeLink, OneTimeLinkRepository } from '@larder/domain';
import type { Executor } from './executor.js';

export class PostgresOneTimeLinkRepository implements OneTimeLinkRepository {
  constructor(private readonly db: Executor) {}

  async replace(link: OneTimeLink): Promise<void> {
    await this.db
      .deleteFrom('one_time_links')
      .where('account_id', '=', link.accountId)
      .where('purpose', '=', link.purpose)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('one_time_links')
      .values({
        token_digest: link.tokenDigest,
        account_id: link.accountId,
        purpose: link.purpose,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        used_at: link.usedAt,
        address: link.address,
      })
      .execute();
  }

  async find(tokenDigest: string): Promise<OneTimeLink | null> {
    const row = await this.db
      .selectFrom('one_time_links')
      .selectAll()
      .where('token_digest', '=', tokenDigest)
      .executeTakeFirst();
    if (!row) return null;
    return {
      tokenDigest: row.token_digest,
      accountId: row.account_id,
      purpose: row.purpose as LinkPurpose,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      address: row.address,
    };
  }

  async consume(tokenDigest: string, at: Date): Promise<boolean> {
    // One statement: of two concurrent redemptions, the row lock lets exactly one match.
    const result = await this.db
      .updateTable('one_time_links')
      .set({ used_at: at })
      .where('token_digest', '=', tokenDigest)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revokeOpen(accountId: string, purposes: readonly LinkPurpose[], at: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('one_time_links')
      .where('account_id', '=', accountId)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async revokeMailed(accountId: string, at: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('one_time_links')
      .where('account_id', '=', accountId)
      .where('address', 'is not', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async openExpiry(
    accountId: string,
    purpose: LinkPurpose,
    at: Date,
    address?: string,
  ): Promise<Date | null> {
    const row = await this.db
      .selectFrom('one_time_links')
      .select('expires_at')
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .$if(address !== undefined, (q) => q.where('address', '=', address!))
      .orderBy('expires_at', 'desc')
      .executeTakeFirst();
    return row?.expires_at ?? null;
  }

  async deleteSpent(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('one_time_links')
      .where((eb) => eb.or([eb('used_at', '<', before), eb('expires_at', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async setAddress(tokenDigest: string, address: string | null): Promise<void> {
    await this.db
      .updateTable('one_time_links')
      .set({ address })
      .where('token_digest', '=', tokenDigest)
      .execute();
  }

  async lastIssuedAt(accountId: string, purpose: LinkPurpose): Promise<Date | null> {
    const row = await this.db
      .selectFrom('one_time_links')
      .select((eb) => eb.fn.max('created_at').as('last'))
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    return row?.last ?? null;
  }
}
