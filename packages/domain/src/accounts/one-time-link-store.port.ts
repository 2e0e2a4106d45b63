export type LinkPurpose = 'setup' | 'reset' | 'confirm';

export interface OneTimeLink {
  tokenDigest: string;
  accountId: string;
  purpose: LinkPurpose;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /**
   * The address the link was mailed to (an invitation, an address confirmation, a password reset):
   * redeeming it confirms that address, and only while it is still the account's; a change of the
   * account's address revokes it. Null when not mailed.
   */
  address: string | null;
}

export interface OneTimeLinkRepository {
  /** Stores a new link, first revoking any open link of the same purpose for the account. */
  replace(link: OneTimeLink): Promise<void>;
  find(tokenDigest: string): Promise<OneTimeLink | null>;
  /**
   * Marks the link used if it is still open at `at`. Exactly one of several
   * concurrent callers gets true.
   */
  consume(tokenDigest: string, at: Date): Promise<boolean>;
  /** Revokes the account's open links of these purposes; answers how many there were. */
  revokeOpen(accountId: string, purposes: readonly LinkPurpose[], at: Date): Promise<number>;
  /**
   * Revokes the account's open links that were mailed to an address (any purpose: an invitation, a
   * confirmation, a reset) — its address changed, and they die with the old one (a mail of theirs
   * still queued is then dropped unsent); answers how many.
   */
  revokeMailed(accountId: string, at: Date): Promise<number>;
  /**
   * When the account's open link of this purpose expires (the latest, if several), or null when none
   * is open at `at`; with `address`, only a link that went to that address counts.
   */
  openExpiry(accountId: string, purpose: LinkPurpose, at: Date, address?: string): Promise<Date | null>;
  /** Changes the address a link vouches for (null: none, e.g. when mailing it failed). */
  setAddress(tokenDigest: string, address: string | null): Promise<void>;
  /** When the account's latest link of this purpose was issued, used or not; null when never. */
  lastIssuedAt(accountId: string, purpose: LinkPurpose): Promise<Date | null>;
  /** Removes links used or expired before `before`; answers how many. */
  deleteSpent(before: Date): Promise<number>;
}
