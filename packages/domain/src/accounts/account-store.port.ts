import type { Account, Color, Locale, Role } from './account.js';

export type AccountChanges = Partial<
  Pick<
    Account,
    | 'displayName'
    | 'email'
    | 'emailVerified'
    | 'role'
    | 'color'
    | 'locale'
    | 'avatarId'
    | 'canSharePublicly'
    | 'passwordHash'
    | 'hasIdentity'
  >
>;

/** An account plus the expiry of its open setup link, as account management lists it. */
export interface ManagedAccount extends Account {
  setupLinkExpiresAt: Date | null;
}

export interface AccountRepository {
  byId(id: string): Promise<Account | null>;
  byUsername(username: string): Promise<Account | null>;
  /** The household's owner (`superadmin`), if created. */
  owner(): Promise<Account | null>;
  /** Every account with the expiry of its setup link still open at `at`. */
  list(at: Date): Promise<ManagedAccount[]>;
  /** Inserts; answers false when the username is taken (or a second owner would appear). */
  insert(account: Account): Promise<boolean>;
  update(id: string, changes: AccountChanges): Promise<Account | null>;
  delete(id: string): Promise<boolean>;
  count(): Promise<number>;
  colorUsage(): Promise<Array<{ color: Color; count: number }>>;
}

export interface NewAccount {
  username: string;
  displayName: string;
  role: Role;
  color: Color;
  locale: Locale;
}
