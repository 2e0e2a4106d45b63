import type { ConnectedIdentity, IdentityRepository } from '@larder/domain';
import type { Selectable } from 'kysely';
import type { IdentitiesTable } from '../schema.js';
import { type Executor, isUniqueViolation, storable } from './executor.js';

function identityFromRow(row: Selectable<IdentitiesTable>): ConnectedIdentity {
  return { accountId: row.account_id, issuer: row.issuer, subject: row.subject, linkedAt: row.linked_at };
}

export class PostgresIdentityRepository implements IdentityRepository {
  constructor(private readonly db: Executor) {}

  async byIdentity(issuer: string, subject: string): Promise<ConnectedIdentity | null> {
    if (!storable(issuer) || !storable(subject)) return null;
    const row = await this.db
      .selectFrom('identities')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row ? identityFromRow(row) : null;
  }

  async ofAccount(accountId: string): Promise<ConnectedIdentity | null> {
    const row = await this.db
      .selectFrom('identities')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? identityFromRow(row) : null;
  }

  async connect(identity: ConnectedIdentity): Promise<boolean> {
    if (!storable(identity.issuer) || !storable(identity.subject)) return false;
    try {
      const row = await this.db
        .insertInto('identities')
        .values({
          account_id: identity.accountId,
          issuer: identity.issuer,
          subject: identity.subject,
          linked_at: identity.linkedAt,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('account_id')
        .executeTakeFirst();
      return row !== undefined;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async disconnect(accountId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('identities')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
