import type { Account } from '../accounts/account.js';

export interface StoredSession {
  tokenDigest: string;
  accountId: string;
  createdAt: Date;
  expiresAt: Date;
  refreshedAt: Date;
}

export interface SessionRepository {
  /** Stores a new session; false when its account is gone (deleted while it signed in). */
  create(session: StoredSession): Promise<boolean>;
  /** The session with its account, in one round trip (every signed-in request asks this). */
  findWithAccount(tokenDigest: string): Promise<{ session: StoredSession; account: Account } | null>;
  extend(tokenDigest: string, expiresAt: Date, refreshedAt: Date): Promise<void>;
  delete(tokenDigest: string): Promise<void>;
  /** Ends every session of the account, except the one given. */
  deleteAllOf(accountId: string, exceptDigest?: string): Promise<void>;
  /** Removes every session that expired at or before `at`; answers how many. */
  deleteExpired(at: Date): Promise<number>;
}
