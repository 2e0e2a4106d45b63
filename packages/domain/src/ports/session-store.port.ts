export interface StoredSession {
  tokenDigest: string;
  accountId: string;
  createdAt: Date;
  expiresAt: Date;
  refreshedAt: Date;
}

export interface SessionRepository {
  create(session: StoredSession): Promise<void>;
  find(tokenDigest: string): Promise<StoredSession | null>;
  extend(tokenDigest: string, expiresAt: Date, refreshedAt: Date): Promise<void>;
  delete(tokenDigest: string): Promise<void>;
  /** Ends every session of the account, except the one given. */
  deleteAllOf(accountId: string, exceptDigest?: string): Promise<void>;
}
