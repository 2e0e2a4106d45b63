import type { Account, ApiTokenListing, ApiTokenRepository, Scope, StoredApiToken } from '@larder/domain';
import { accountFromRow } from './account.repository.js';
import { compiledOnce } from './compiled-once.js';
import { type Executor, isForeignKeyViolation, storable } from './executor.js';

/** Who a credential belongs to: the row by its digest, with its account. */
const withAccount = compiledOnce(['digest'], (db, v) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('accounts as a', 'a.id', 't.owner_id')
    .selectAll('a')
    .select([
      't.id as token_id',
      't.owner_id',
      't.name as token_name',
      't.prefix',
      't.token_digest',
      't.scopes',
      't.created_at as token_created_at',
      't.expires_at',
      't.last_used_at',
    ])
    .where('t.token_digest', '=', v.digest),
);

export class PostgresApiTokenRepository implements ApiTokenRepository {
  constructor(private readonly db: Executor) {}

  async insert(token: StoredApiToken): Promise<boolean> {
    try {
      await this.db
        .insertInto('api_tokens')
        .values({
          id: token.id,
          owner_id: token.ownerId,
          name: token.name,
          prefix: token.prefix,
          token_digest: token.tokenDigest,
          scopes: token.scopes,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
          last_used_at: token.lastUsedAt,
        })
        .execute();
      return true;
    } catch (error) {
      // The owner's account was deleted since the request was let in.
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async findWithAccount(tokenDigest: string): Promise<{ token: StoredApiToken; account: Account } | null> {
    const [row] = await withAccount(this.db, { digest: tokenDigest });
    if (!row) return null;
    return {
      token: {
        id: row.token_id,
        ownerId: row.owner_id,
        name: row.token_name,
        prefix: row.prefix,
        tokenDigest: row.token_digest,
        scopes: row.scopes as Scope[],
        createdAt: row.token_created_at,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
      },
      account: accountFromRow(row),
    };
  }

  private listing() {
    return this.db
      .selectFrom('api_tokens as t')
      .innerJoin('accounts as a', 'a.id', 't.owner_id')
      .select([
        't.id',
        't.owner_id',
        't.name',
        't.prefix',
        't.scopes',
        't.created_at',
        't.expires_at',
        't.last_used_at',
        'a.username',
        'a.display_name',
        'a.color',
      ]);
  }

  private static fromListing(row: {
    id: string;
    owner_id: string;
    name: string;
    prefix: string;
    scopes: string[];
    created_at: Date;
    expires_at: Date | null;
    last_used_at: Date | null;
    username: string;
    display_name: string;
    color: string;
  }): ApiTokenListing {
    return {
      id: row.id,
      ownerId: row.owner_id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes as Scope[],
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
      ownerUsername: row.username,
      ownerDisplayName: row.display_name,
      ownerColor: row.color,
    };
  }

  async byId(id: string): Promise<ApiTokenListing | null> {
    if (!storable(id)) return null;
    const row = await this.listing().where('t.id', '=', id).executeTakeFirst();
    return row ? PostgresApiTokenRepository.fromListing(row) : null;
  }

  async list(ownerId?: string): Promise<ApiTokenListing[]> {
    let query = this.listing();
    if (ownerId) query = query.where('t.owner_id', '=', ownerId);
    const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id').execute();
    return rows.map((row) => PostgresApiTokenRepository.fromListing(row));
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAllOf(ownerId: string): Promise<number> {
    const result = await this.db.deleteFrom('api_tokens').where('owner_id', '=', ownerId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
