import type { Account } from '../accounts/account.js';
import type { Scope } from './scopes.js';

export interface StoredApiToken {
  id: string;
  ownerId: string;
  name: string;
  prefix: string;
  tokenDigest: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface ApiTokenListing extends Omit<StoredApiToken, 'tokenDigest'> {
  ownerUsername: string;
  ownerDisplayName: string;
  ownerColor: string;
}

export interface ApiTokenRepository {
  /** Stores a new token; false when its owner's account is gone (deleted meanwhile). */
  insert(token: StoredApiToken): Promise<boolean>;
  /** The token with its owner's account, in one read (every request with a token asks). */
  findWithAccount(tokenDigest: string): Promise<{ token: StoredApiToken; account: Account } | null>;
  byId(id: string): Promise<ApiTokenListing | null>;
  /** Every token, or only those of one owner. Newest first. */
  list(ownerId?: string): Promise<ApiTokenListing[]>;
  markUsed(id: string, at: Date): Promise<void>;
  delete(id: string): Promise<boolean>;
  /** Removes every token of one owner; answers how many there were. */
  deleteAllOf(ownerId: string): Promise<number>;
}
