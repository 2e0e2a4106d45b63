export type LinkPurpose = 'setup' | 'reset' | 'confirm';

export interface OneTimeLink {
  tokenDigest: string;
  accountId: string;
  purpose: LinkPurpose;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
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
  /** Revokes open links of this purpose; answers how many there were. */
  revokeOpen(accountId: string, purpose: LinkPurpose, at: Date): Promise<number>;
  openExpiry(accountId: string, purpose: LinkPurpose, at: Date): Promise<Date | null>;
  /** Removes links used or expired before `before`; answers how many. */
  deleteSpent(before: Date): Promise<number>;
}
