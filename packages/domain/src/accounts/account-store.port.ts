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
  /**
   * Inside a transaction: whether the account still exists, keeping it from being deleted until
   * the transaction ends, so that rows written on its behalf meanwhile may name it.
   */
  holdIfPresent(id: string): Promise<boolean>;
  count(): Promise<number>;
  colorUsage(): Promise<Array<{ color: Color; count: number }>>;
  /** Every account whose confirmed address this is (addresses compared without case). */
  byConfirmedEmail(email: string): Promise<Account[]>;
  /**
   * Claims the account's next mail of this kind, at most one per `spacingMs` (in one statement, so
   * concurrent requests claim it once). Answers null when claimed, else when the next may go.
   */
  claimMailSlot(id: string, kind: MailSlot, at: Date, spacingMs: number): Promise<Date | null>;
}

/** Mails an account gets at most once in a while, whoever asks. */
export type MailSlot = 'password_reset' | 'address_confirmation';

export interface NewAccount {
  username: string;
  displayName: string;
  role: Role;
  color: Color;
  locale: Locale;
}
