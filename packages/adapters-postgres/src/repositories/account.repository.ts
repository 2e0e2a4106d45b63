import {
  type Account,
  type AccountChanges,
  type AccountRepository,
  type Color,
  type Locale,
  type MailSlot,
  type ManagedAccount,
  type Role,
  usernameKey,
} from '@larder/domain';
import { sql, type Selectable } from 'kysely';
import type { AccountsTable } from '../schema.js';
import { type Executor, storable } from './executor.js';

export function accountFromRow(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    emailVerified: row.email_verified,
    role: row.role as Role,
    color: row.color as Color,
    locale: row.locale as Locale,
    avatarId: row.avatar_id,
    canSharePublicly: row.can_share_publicly,
    passwordHash: row.password_hash,
    hasIdentity: row.has_identity,
    createdAt: row.created_at,
  };
}

const COLUMN_OF: Record<keyof AccountChanges, keyof AccountsTable> = {
  displayName: 'display_name',
  email: 'email',
  emailVerified: 'email_verified',
  role: 'role',
  color: 'color',
  locale: 'locale',
  avatarId: 'avatar_id',
  canSharePublicly: 'can_share_publicly',
  passwordHash: 'password_hash',
  hasIdentity: 'has_identity',
};

export class PostgresAccountRepository implements AccountRepository {
  constructor(private readonly db: Executor) {}

  async byId(id: string): Promise<Account | null> {
    if (!storable(id)) return null;
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? accountFromRow(row) : null;
  }

  async byUsername(username: string): Promise<Account | null> {
    if (!storable(username)) return null;
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    return row ? accountFromRow(row) : null;
  }

  async owner(): Promise<Account | null> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('role', '=', 'superadmin')
      .executeTakeFirst();
    return row ? accountFromRow(row) : null;
  }

  async list(at: Date): Promise<ManagedAccount[]> {
    const rows = await this.db
      .selectFrom('accounts as a')
      .selectAll('a')
      .select((eb) =>
        eb
          .selectFrom('one_time_links as l')
          .select((e) => e.fn.max('l.expires_at').as('x'))
          .whereRef('l.account_id', '=', 'a.id')
          .where('l.purpose', '=', 'setup')
          .where('l.used_at', 'is', null)
          .where('l.expires_at', '>', at)
          .as('setup_link_expires_at'),
      )
      .orderBy('a.created_at')
      .orderBy('a.username_key')
      .execute();
    return rows.map((row) => ({
      ...accountFromRow(row),
      setupLinkExpiresAt: (row.setup_link_expires_at as Date | null) ?? null,
    }));
  }

  async insert(account: Account): Promise<boolean> {
    // Conflicts are answered, not raised, so a transaction stays usable.
    const inserted = await this.db
      .insertInto('accounts')
      .values({
        id: account.id,
        username: account.username,
        username_key: usernameKey(account.username),
        display_name: account.displayName,
        email: account.email,
        email_verified: account.emailVerified,
        role: account.role,
        color: account.color,
        locale: account.locale,
        avatar_id: account.avatarId,
        can_share_publicly: account.canSharePublicly,
        password_hash: account.passwordHash,
        has_identity: account.hasIdentity,
        created_at: account.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async update(id: string, changes: AccountChanges): Promise<Account | null> {
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) values[COLUMN_OF[key as keyof AccountChanges]] = value;
    }
    if (Object.keys(values).length === 0) return this.byId(id);
    const row = await this.db
      .updateTable('accounts')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? accountFromRow(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('accounts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async holdIfPresent(id: string): Promise<boolean> {
    if (!storable(id)) return false;
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', id)
      .forKeyShare()
      .executeTakeFirst();
    return row !== undefined;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async colorUsage(): Promise<Array<{ color: Color; count: number }>> {
    const rows = await this.db
      .selectFrom('accounts')
      .select(['color', sql<number>`count(*)::int`.as('count')])
      .groupBy('color')
      .execute();
    return rows.map((r) => ({ color: r.color as Color, count: r.count }));
  }

  async byConfirmedEmail(email: string): Promise<Account[]> {
    if (!storable(email)) return [];
    const rows = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('email_verified', '=', true)
      .orderBy('created_at')
      .execute();
    return rows.map(accountFromRow);
  }

  async claimMailSlot(id: string, kind: MailSlot, at: Date, spacingMs: number): Promise<Date | null> {
    const column = kind === 'password_reset' ? 'password_reset_mailed_at' : 'address_confirmation_mailed_at';
    const since = new Date(at.getTime() - spacingMs);
    const claimed = await this.db
      .updateTable('accounts')
      .set({ [column]: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', since)]))
      .returning('id')
      .executeTakeFirst();
    if (claimed) return null;
    const row = await this.db.selectFrom('accounts').select(column).where('id', '=', id).executeTakeFirst();
    const last = row?.[column] ?? at;
    return new Date(last.getTime() + spacingMs);
  }
}
